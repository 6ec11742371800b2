// swift-tools-version: 6.0
import PackageDescription

// Layers, imports only downward:
//   RLSModel (DSL, pure) → RLSSQL (rendering, pure) → RLSCatalog (catalog + diff, pure)
//   → RLSDatabase (libpq) → RLSCheck / RLSDocs → RLSCommandLine → rls
let package = Package(
    name: "rls",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rls", targets: ["rls"]),
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
        .target(name: "RLSModel"),
        .target(name: "RLSSQL", dependencies: ["RLSModel"]),
        .target(name: "RLSCatalog", dependencies: ["RLSModel", "RLSSQL"]),
        .target(name: "RLSDatabase", dependencies: ["CLibPQ", "RLSModel", "RLSSQL", "RLSCatalog"]),
        .target(name: "RLSCheck", dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase"]),
        // `rls pull`: a database read back into DSL source and a baseline migration.
        .target(name: "RLSPull", dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase"]),
        .target(name: "RLSDocs", dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase", "RLSCheck"]),
        .target(
            name: "RLSCommandLine",
            dependencies: ["RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase", "RLSCheck", "RLSDocs", "RLSPull"]
        ),
        // This repository's own schema: the Electric Ride example with BoxScore's sign-up profiles.
        .target(name: "Policies", dependencies: ["RLSModel"], path: "Policies", exclude: ["README.md"]),
        .executableTarget(name: "rls", dependencies: ["RLSCommandLine", "Policies"]),
        .executableTarget(name: "rls-bench", dependencies: ["RLSDatabase", "RLSCatalog", "RLSSQL", "RLSModel", "RLSCheck", "Policies"]),
        // Shared by the test targets: one embedded cluster per test process, a fresh database per test.
        .target(name: "RLSTestSupport", dependencies: ["RLSDatabase"]),

        .testTarget(name: "RLSModelTests", dependencies: ["RLSModel", "Policies"]),
        .testTarget(
            name: "RLSSQLTests",
            dependencies: ["RLSModel", "RLSSQL", "RLSDatabase", "RLSTestSupport", "Policies"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "RLSCatalogTests", dependencies: ["RLSCatalog", "RLSSQL", "RLSDatabase", "RLSTestSupport", "Policies"]),
        .testTarget(name: "RLSDatabaseTests", dependencies: ["RLSDatabase", "RLSTestSupport"]),
        .testTarget(
            name: "RLSCheckTests", dependencies: ["RLSCheck", "RLSModel", "RLSSQL", "RLSDatabase", "RLSTestSupport", "Policies"]
        ),
        .testTarget(name: "RLSDocsTests", dependencies: ["RLSDocs", "RLSCheck", "RLSDatabase", "RLSTestSupport", "Policies"], exclude: ["Snapshots"]),
        .testTarget(
            name: "RLSCommandLineTests",
            dependencies: ["RLSCommandLine", "RLSCheck", "RLSDatabase", "RLSSQL", "RLSTestSupport", "Policies", "RLSPull"]
        ),
        .testTarget(
            name: "RLSPullTests",
            dependencies: ["RLSPull", "RLSModel", "RLSSQL", "RLSCatalog", "RLSDatabase", "RLSTestSupport", "Policies"],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
