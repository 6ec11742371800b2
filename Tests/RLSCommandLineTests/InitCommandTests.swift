import ElectricRide
import Foundation
import RLSModel
import Testing

@testable import RLSCommandLine

/// `rls init DIR`: the package it writes, and the folders it refuses. scripts/test-adopters builds
/// such a package and runs its README's two commands.
@Suite("rls init")
struct InitCommandTests {
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func writesAPackageWithTargetsPoliciesAndRLS() throws {
        let parent = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let result = runRLS(["init", parent.appendingPathComponent("my-app").path])
        #expect(result.code == .success, "\(result.error)")
        let package = parent.appendingPathComponent("my-app")
        let manifest = try read(package, "Package.swift")
        #expect(manifest.hasPrefix("// swift-tools-version: 6.0\n"))
        #expect(manifest.contains("name: \"my-app\""))
        #expect(manifest.contains(".target(name: \"Policies\""))
        #expect(manifest.contains(".executableTarget(name: \"rls\""))
        #expect(
            try read(package, "Sources/rls/main.swift")
                == "import Policies\nimport RLSCommandLine\nRLSCommandLine.run(schema: MyApp.schema)\n")
        let schema = try read(package, "Sources/Policies/MyApp.swift")
        #expect(schema.contains("public enum MyApp {"))
        #expect(schema.contains("SignUpProfile(table: \"profiles\""))
        #expect(schema.contains(".access(.owner(column: \"owner_id\"))"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent("Migrations").path) == [".gitkeep"])
        #expect(try read(package, ".gitignore").contains(".build/"))
        #expect(try read(package, ".github/workflows/rls.yml") == CIWorkflow.yaml)
        let readme = try read(package, "README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(readme[0] == "# my-app")
        #expect(readme[3].hasPrefix("swift run rls diff initial "))
        #expect(readme[4].hasPrefix("swift run rls check "))
        #expect(result.output.contains("Created package my-app"))
    }

    @Test func dependsOnThisCheckoutByPathWithACommentSayingSo() throws {
        let root = try #require(RLSDependency.checkoutRoot(), "the tests run from an rls checkout")
        #expect(FileManager.default.fileExists(atPath: root + "/Sources/RLSCommandLine/Init/RLSDependency.swift"))
        let dependency = RLSDependency.current(packageDirectory: root + "/../myapp")
        #expect(dependency == .path("../" + URL(fileURLWithPath: root).lastPathComponent))
        let lines = dependency.packageSwiftLines.joined(separator: "\n")
        #expect(lines.contains("rls by path"))
        #expect(lines.contains(".package(name: \"rls\", path: \"../"))
        // A copy SwiftPM fetched for a URL dependency is not a checkout to point at.
        #expect(RLSDependency.checkoutRoot(sourceFile: "/p/.build/checkouts/rls/Sources/RLSCommandLine/Init/RLSDependency.swift") == nil)
        #expect(RLSDependency.url(RLSDependency.repositoryURL).packageSwiftLines.last?.hasPrefix(".package(url: ") == true)
    }

    @Test func relativePaths() {
        #expect(RLSDependency.relativePath(from: "/work/myapp", to: "/work/rls") == "../rls")
        #expect(RLSDependency.relativePath(from: "/work/a/b/app", to: "/work/rls") == "../../../rls")
        #expect(RLSDependency.relativePath(from: "/work/rls/Tests/app", to: "/work/rls") == "../..")
        #expect(RLSDependency.relativePath(from: "/tmp/app", to: "/work/rls") == "/work/rls")
    }

    @Test func refusesAFolderThatIsNotEmptyAndLeavesItAsItWas() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("Package.swift"))
        let result = runRLS(["init", folder.path])
        #expect(result.code == .failure)
        #expect(result.error.contains("is not empty (it holds Package.swift)"))
        #expect(result.error.contains("choose another folder"))
        #expect(try read(folder, "Package.swift") == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Package.swift"])
    }

    /// `mkdir shop && cd shop && rls init .`: the folder is filled, not replaced (the shell stands in it).
    @Test func fillsTheEmptyFolderItStandsIn() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inode = try FileManager.default.attributesOfItem(atPath: folder.path)[.systemFileNumber] as? Int
        let captured = CapturedConsole()
        let code = RLSCommandLine.execute(
            ["init", ".", "--name", "shop"], schema: Schema(), console: captured.console, environment: [:], directory: folder.path)
        #expect(code == .success, "\(captured.error)")
        #expect(try read(folder, "Sources/rls/main.swift").contains("Shop.schema"))
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.systemFileNumber] as? Int == inode)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.hasPrefix(".\(folder.lastPathComponent).rls-init-") }, "no staging folder left behind")
    }

    @Test func refusesNamesSwiftCannotUse() throws {
        let parent = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        for name in ["9lives", "my app", "", "drop;table"] {
            let result = runRLS(["init", parent.appendingPathComponent("x").path, "--name", name])
            #expect(result.code == .failure, "\(name)")
            #expect(result.error.contains("cannot name a Swift package"), "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
        #expect(runRLS(["init"]).code == .usage)
    }

    /// Docs/CI.md shows the workflow `rls init` writes; they must not drift apart.
    @Test func workflowIsTheOneInDocsCI() throws {
        let root = try #require(RLSDependency.checkoutRoot())
        let guide = try String(contentsOfFile: root + "/Docs/CI.md", encoding: .utf8)
        let start = try #require(guide.range(of: "```yaml\n"))
        let end = try #require(guide.range(of: "\n```", range: start.upperBound..<guide.endIndex))
        #expect(String(guide[start.upperBound..<end.lowerBound]) + "\n" == CIWorkflow.yaml)
    }
}

/// Help and usage lines name the executable the user ran (`rls`, `rls-example`), not this package's.
@Suite("Program name")
struct ProgramNameTests {
    @Test func theBasenameOfArgumentZero() {
        #expect(RLSCommandLine.programName("/home/me/app/.build/debug/rls") == "rls")
        #expect(RLSCommandLine.programName(".build/debug/rls-example") == "rls-example")
        #expect(RLSCommandLine.programName("rls") == "rls")
        #expect(RLSCommandLine.programName(nil) == "rls")
        #expect(RLSCommandLine.programName("") == "rls")
    }

    @Test func helpUsageAndErrorsUseIt() {
        func run(_ arguments: [String]) -> (code: ExitCode, output: String, error: String) {
            let captured = CapturedConsole()
            let code = RLSCommandLine.execute(
                arguments, schema: Schema(), console: captured.console, environment: [:], directory: projectWithoutDevCluster,
                program: "rls-example")
            return (code, captured.output, captured.error)
        }
        #expect(run(["--help"]).output.contains("Usage: rls-example <command> [options]"))
        #expect(run(["diff", "--help"]).output.hasPrefix("rls-example diff: "))
        #expect(run(["diff", "--help"]).output.contains("Usage: rls-example diff NAME"))
        let unknown = run(["dif"])
        #expect(unknown.error == "rls-example: unknown command 'dif'. Did you mean 'rls-example diff'? See 'rls-example --help'.\n")
        let badOption = run(["sql", "--nope"])
        #expect(badOption.error.contains("rls-example sql: unknown option '--nope'"))
        #expect(badOption.error.contains("Usage: rls-example sql"))
        #expect(run(["--version"]).output == "rls-example \(RLSCommandLine.version)\n")
    }
}

/// Generated files say which schema produced them: the adopter's Swift file, never this repository's folder.
@Suite("Generated headers")
struct GeneratedHeaderTests {
    @Test func schemaOriginIsTheFileThatDeclaredIt() {
        #expect(Schema().origin == "the schema declared in RLSCommandLineTests/InitCommandTests.swift")
        #expect(ElectricRide.schema.origin == "the schema declared in ElectricRide/ElectricRide.swift")
    }

    @Test func sqlHeaderNamesTheSchema() {
        let result = runRLS(["sql"], schema: Schema { Table("note") { Column("id", .bigint).primaryKey() } })
        let header = result.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            header
                == "-- Generated by rls from the schema declared in RLSCommandLineTests/InitCommandTests.swift: the complete schema, from scratch."
        )
        #expect(!result.output.contains("Policies/"))
    }
}
