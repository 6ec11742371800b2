import Foundation
import RLSCatalog
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSDatabase

/// A first plan builds a large schema in two halves (`DesiredSplit`). On schemas shaped like real
/// apps (the corpus: extensions, helper schemas with their own grants, default privileges,
/// security-definer triggers, hand-written storage policies), pulled and rendered as the DSL renders
/// them, the halves joined are exactly the whole build, or the whole build runs.
@Suite("Corpus: the desired state built in halves")
struct CorpusSplitBuildTests {
    @Test(arguments: CorpusSchema.all)
    func halvesJoinedAreTheWholeBuild(_ corpus: CorpusSchema) throws {
        let database = try TestDatabase.make(corpus.privileges)
        defer { database.connection.close() }
        try database.connection.execute(try corpus.sql())
        let schema = try Pull(connection: database.connection, name: corpus.name, origin: "test", data: corpus.data).pulled.schema
        let sql = try renderValidated(schema)
        let script = SQLScript(name: "the \(corpus.name) schema", sql: sql)

        let halves = try DesiredBuild.catalog(
            of: script, in: TestDatabase.cluster, defaultPrivileges: corpus.privileges, fewestStatements: 0)
        let whole = try ScratchDatabase.catalog(applying: [script], in: TestDatabase.cluster, defaultPrivileges: corpus.privileges)
        #expect(halves.catalog == whole)
        #expect(ChangePlan(from: whole, to: halves.catalog).isEmpty)
        #expect(halves.catalog.environment.buckets == whole.environment.buckets)
        // Where the statements split, the halves were joined: none failed for want of an object the
        // other half made. (Before, library and hardened fell back: a grant on a table's identity
        // sequence was put in the other half than the table.) Where they do not split (every table
        // reads another through a helper, or the schema is small), the whole build is the answer.
        if DesiredSplit(DesiredStatement.split(sql), fewestStatements: 0) != nil {
            #expect(halves.fingerprint == DesiredCatalogCache.unknownFingerprint, "the halves were not used")
        }
    }
}
