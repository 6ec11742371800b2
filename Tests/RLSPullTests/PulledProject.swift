import Foundation
import RLSDatabase
import RLSEmbedded
import RLSMigrations
import RLSPostgres
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// What every pull round trip checks of its result: the pulled Swift type-checks, `rls plan` right
/// after pull finds nothing to change, and the baseline replays on a fresh database.
enum PulledProject {
    /// Writes `pull`'s files to a temporary folder and type-checks the Swift against this build.
    static func expectSwiftTypeChecks(_ pull: Pull, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-pulled-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try pull.write(sources: folder.path, migrations: MigrationDirectory(path: folder.appendingPathComponent("Migrations").path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let compiled = try SwiftCompiler.typeCheck(files.map { folder.appendingPathComponent($0).path })
        #expect(compiled.status == 0, "the pulled Swift does not type-check:\n\(compiled.output)", sourceLocation: sourceLocation)
    }

    /// Plans the pulled schema against the database it was pulled from: nothing to change.
    static func expectNoDriftAfterPull(_ pull: Pull, on db: Connection, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let desired = try renderValidated(pull.pulled.schema)
        let drift = try Drift.plan(target: db, desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "drift right after pull:\n\(drift.sql)", sourceLocation: sourceLocation)
    }

    /// A fresh database made with `defaults`, holding `pull`'s baseline. Close it when done.
    static func replayedBaseline(_ pull: Pull, defaults: DefaultPrivileges = .none) throws -> Connection {
        let (_, replayed) = try TestDatabase.make(defaults)
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        return replayed
    }
}
