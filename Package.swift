// swift-tools-version: 6.0
import PackageDescription

// Layers, imports only downward:
//   RLSWords (the Postgres and Supabase words every layer speaks: SQLState, Role, Privilege,
//     Operation, QualifiedName; no dependencies), RLSJSON (the one JSON writer: Encodable values
//     with their keys in order, and JSON string quoting; no dependencies)
//   → RLSModel (DSL, pure, re-exports RLSWords; with Sources/RLSModel/Supabase, the Supabase facts
//     every layer reads: owned schemas, auth.users columns)
//   → RLSSQL (rendering, pure) → RLSCatalog (catalog + diff, pure)
//   → RLSPostgres (the libpq client, the one importer of CLibPQ)
//     → RLSEmbedded (throwaway and dev clusters shaped like Supabase), RLSMigrations (files, apply, history)
//   → RLSDatabase (introspection into a catalog, drift; re-exports the three below it)
//   → RLSCheck → RLSPlan / RLSDocs / RLSPull → RLSCommandLine → rls
//   (RLSTypes, `rls types`, reads RLSDocs' access sentences; RLSCommandLine imports it)
let package = Package(
    name: "rls",
    // Linux only: that is where it is built and tested (Swift 6 on Debian/Ubuntu, PostgreSQL from apt).
    // The code needs Synchronization's Mutex and Atomic and Linux process handling (setpriv,
    // /usr/lib/postgresql), so no Apple platform is declared.
    products: [
        // The example's command line. Not `rls`: an adopter's own executable is called `rls`, and two
        // products of one name would both be written to .build/debug/rls (see Docs/ADOPTING.md).
        .executable(name: "rls-example", targets: ["rls-example"]),
        .library(name: "RLSModel", targets: ["RLSModel"]),
        // Rendering a schema to SQL, for adopters' own tooling (and scripts/pull-compile-check).
        .library(name: "RLSSQL", targets: ["RLSSQL"]),
        .library(name: "RLSCommandLine", targets: ["RLSCommandLine"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "RLSWords"),
        .target(name: "RLSJSON"),
        .target(name: "RLSModel", dependencies: ["RLSWords"]),
        .target(name: "RLSSQL", dependencies: ["RLSModel", "RLSJSON"]),
        .target(name: "RLSCatalog", dependencies: ["RLSModel", "RLSSQL"]),
        .target(name: "RLSPostgres", dependencies: ["CLibPQ", "RLSWords"]),
        .target(name: "RLSEmbedded", dependencies: ["RLSPostgres", "RLSModel", "RLSSQL"]),
        .target(name: "RLSMigrations", dependencies: ["RLSPostgres", "RLSModel", "RLSSQL"]),
        .target(
            name: "RLSDatabase", dependencies: ["RLSPostgres", "RLSEmbedded", "RLSMigrations", "RLSModel", "RLSSQL", "RLSCatalog"]
        ),
        .target(name: "RLSCheck", dependencies: ["RLSModel", "RLSJSON", "RLSSQL", "RLSCatalog", "RLSDatabase"]),
        // `rls plan` as a library: pending migrations, drift, collisions and the access diff, as values.
        .target(name: "RLSPlan", dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase", "RLSCheck"]),
        // `rls pull`: a database read back into DSL source and a baseline migration.
        .target(name: "RLSPull", dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase"]),
        .target(name: "RLSDocs", dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase", "RLSCheck"]),
        // `rls types`: the app's Swift models from the schema, shaped by who may write what (no database).
        .target(name: "RLSTypes", dependencies: ["RLSModel", "RLSSQL", "RLSDocs"]),
        .target(
            name: "RLSCommandLine",
            dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase", "RLSCheck", "RLSDocs", "RLSPull", "RLSPlan", "RLSTypes"]
        ),
        // This repository's own schema: the Electric Ride example with BoxScore's sign-up profiles, in
        // the folder Policies/. Its target and executable have names of their own, so that an adopter's
        // package may call its targets `Policies` and `rls` without a conflict.
        .target(name: "ElectricRide", dependencies: ["RLSModel"], path: "Policies", exclude: ["README.md"]),
        .executableTarget(name: "rls-example", dependencies: ["RLSCommandLine", "ElectricRide"]),
        .executableTarget(
            name: "rls-bench",
            dependencies: [
                "RLSDatabase", "RLSCatalog", "RLSSQL", "RLSModel", "RLSCheck", "RLSCommandLine", "RLSTestSupport", "ElectricRide",
            ]
        ),
        // Shared by the test targets and rls-bench: one embedded cluster per test process, a fresh
        // database per test, generated schemas. Never a dependency of a library product.
        .target(name: "RLSTestSupport", dependencies: ["RLSDatabase", "RLSSQL"]),

        .testTarget(name: "RLSModelTests", dependencies: ["RLSModel", "ElectricRide"]),
        .testTarget(
            name: "RLSSQLTests",
            dependencies: ["RLSModel", "RLSSQL", "RLSDatabase", "RLSCheck", "RLSTestSupport", "ElectricRide"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "RLSCatalogTests", dependencies: ["RLSCatalog", "RLSSQL", "RLSDatabase", "RLSTestSupport", "ElectricRide"]),
        .testTarget(
            name: "RLSDatabaseTests", dependencies: ["RLSDatabase", "RLSPostgres", "RLSEmbedded", "RLSMigrations", "RLSTestSupport"]
        ),
        .testTarget(
            name: "RLSCheckTests",
            dependencies: ["RLSCheck", "RLSJSON", "RLSModel", "RLSSQL", "RLSDatabase", "RLSTestSupport", "ElectricRide"]
        ),
        .testTarget(
            name: "RLSDocsTests", dependencies: ["RLSDocs", "RLSCheck", "RLSDatabase", "RLSTestSupport", "ElectricRide"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "RLSCommandLineTests",
            dependencies: ["RLSCommandLine", "RLSCheck", "RLSDatabase", "RLSSQL", "RLSTestSupport", "ElectricRide", "RLSPull", "RLSPlan"]
        ),
        .testTarget(
            name: "RLSTypesTests",
            dependencies: ["RLSTypes", "RLSModel", "RLSSQL", "RLSDatabase", "RLSTestSupport", "ElectricRide"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "RLSPullTests",
            dependencies: ["RLSPull", "RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase", "RLSTestSupport", "ElectricRide"],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
