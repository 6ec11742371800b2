import ElectricRide
import Foundation
import Testing

@testable import RLSCommandLine

/// `rls types`: writes the file, says when it is current, and `--check` fails on a stale one.
@Suite("rls types")
struct TypesCommandTests {
    @Test("writes the file, then finds it up to date; --check fails once it is edited, naming the line and the command")
    func writeAndCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-types-command-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/App/Models.swift"

        let missing = runRLS(["types", "--check", "--output", path], schema: ElectricRide.schema)
        #expect(missing.code == .failure)
        #expect(missing.error.contains("\(path) is missing."))

        let written = runRLS(["types", "--output", path, "--access", "internal"], schema: ElectricRide.schema)
        #expect(written.code == .success, "\(written.error)")
        #expect(written.output == "wrote \(path)\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\nstruct Listing: Codable, Hashable, Sendable, Identifiable {\n"))

        #expect(runRLS(["types", "--output", path, "--access", "internal", "--check"], schema: ElectricRide.schema).code == .success)
        let again = runRLS(["types", "--output", path, "--access", "internal"], schema: ElectricRide.schema)
        #expect(again.output == "\(path) is up to date.\n")

        // Checked with the default access level, the internal file is stale from its first declaration.
        let stale = runRLS(["types", "--output", path, "--check", "--role", "service_role"], schema: ElectricRide.schema)
        #expect(stale.code == .failure)
        #expect(stale.error.contains("\(path) is stale: line 1 differs."))
        #expect(stale.error.contains("Run 'rls types --output \(path) --role service_role' and commit the result."))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "--check wrote nothing")
    }

    @Test("an unknown schema or role is refused before anything is written")
    func refusals() {
        let unknownSchema = runRLS(["types", "--output", "/nonexistent/x.swift", "--schema", "nope"], schema: ElectricRide.schema)
        #expect(unknownSchema.code == .failure)
        #expect(unknownSchema.error.contains("the schema declares nothing in nope; choose among public"))
        let unknownRole = runRLS(["types", "--role", "anon"], schema: ElectricRide.schema)
        #expect(unknownRole.code == .usage)
        #expect(unknownRole.error.contains("unknown role 'anon'; use one of: authenticated, service_role"))
    }
}
