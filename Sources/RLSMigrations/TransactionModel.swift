import RLSPostgres

/// The one transaction model every command that runs migrations shares: `rls apply`, and the
/// throwaway databases that `rls plan`, `rls diff`, `rls check` and `rls docs` build from
/// `Migrations/`.
///
/// Pending files run in ONE transaction, except for statements that must be committed before
/// anything may use what they create: `ALTER TYPE … ADD VALUE` (PostgreSQL refuses a new enum value
/// in the transaction that added it, 55P04). Those run first, in a transaction of their own, as
/// `ADD VALUE IF NOT EXISTS` so that a run that fails later can simply be repeated. A value added
/// to a type that a pending statement creates cannot go first; it stays in place when the type is
/// created earlier in the same file, and when an earlier file creates it, that file ends a batch:
/// the files before it are applied (and committed) first, then the rest, the way they would have
/// to be applied one after the other.
///
/// ```swift
/// let batches = TransactionModel.batches(files.map(\.statements))
/// // [Batch(files: 0..<3, enumValues: [Step(file: 1, statement: 0)], main: [...])]
/// ```
package struct TransactionModel {
    /// One statement: which file, which statement in it.
    package struct Step: Equatable {
        package var file: Int
        package var statement: Int
    }

    /// Files that run together: their enum values first (committed), then everything else.
    package struct Batch: Equatable {
        /// The files, as indices into the list given.
        package var files: Range<Int>
        /// `ALTER TYPE … ADD VALUE` on types that exist before the batch, in file order.
        package var enumValues: [Step]
        /// Every other statement, in file order.
        package var main: [Step]
    }

    /// The batches for files with these statements, in order; one batch unless an enum value needs
    /// a type that an earlier file of the batch creates.
    package static func batches(_ files: [[SQLStatement]]) -> [Batch] {
        var batches: [Batch] = []
        var start = 0
        var created: Set<String> = []
        for (index, statements) in files.enumerated() {
            if index > start, statements.contains(where: { $0.enumValueType.map(created.contains) ?? false }) {
                batches.append(batch(files, start..<index))
                start = index
                created = []
            }
            created.formUnion(statements.compactMap(\.createdEnumType))
        }
        if start < files.count { batches.append(batch(files, start..<files.count)) }
        return batches
    }

    private static func batch(_ files: [[SQLStatement]], _ range: Range<Int>) -> Batch {
        var batch = Batch(files: range, enumValues: [], main: [])
        var created: Set<String> = []
        for file in range {
            for (index, statement) in files[file].enumerated() {
                if let type = statement.enumValueType, !created.contains(type) {
                    batch.enumValues.append(Step(file: file, statement: index))
                } else {
                    batch.main.append(Step(file: file, statement: index))
                }
                if let type = statement.createdEnumType { created.insert(type) }
            }
        }
        return batch
    }
}
