import ElectricRide
import RLSDocs
import RLSModel

/// The example schema, its tables by name, and proofs to mark its pages with.
enum Example {
    static let schema = ElectricRide.schema
    static let matrix = AccessMatrix(schema)

    static func table(_ name: String) -> Table { schema.table(TableName(name: name))! }

    /// No cell proven, as `rls docs` says until `rls check` runs.
    static let unproven = AccessProof.unverified(because: "`rls check` is not built yet")

    /// Every provable cell and every bucket proven, as a passing `rls check` reports.
    static var proven: AccessProof {
        var proof = AccessProof(
            source: "a throwaway Supabase-shaped database built from `Migrations/`",
            statuses: Dictionary(uniqueKeysWithValues: matrix.provableCells.map { ($0, ProofStatus.proven) }))
        proof.buckets = Dictionary(uniqueKeysWithValues: schema.buckets.map { ($0.id, ProofStatus.proven) })
        return proof
    }
}
