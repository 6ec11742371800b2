// swift-tools-version: 6.0
import PackageDescription

// A package that adopts rls as Docs/ADOPTING.md says, with a schema of its own (a reading list, not
// Electric Ride): its targets are called `Policies` and `rls`, the names the guide gives, which this
// repository's own example must not collide with. scripts/test-adopters builds it against the working
// tree and runs its commands.
let package = Package(
    name: "bookshelf",
    dependencies: [.package(name: "rls", path: "../..")],
    targets: [
        .target(name: "Policies", dependencies: [.product(name: "RLSModel", package: "rls")]),
        .executableTarget(
            name: "rls",
            dependencies: [
                "Policies", .product(name: "RLSCommandLine", package: "rls"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
