import RLSDatabase
import RLSModel

extension Observation {
    /// The table Supabase Storage's delete guard (`storage.protect_delete()`) sits on.
    static let storageObjects = TableName(schema: "storage", name: "objects")

    /// Classifies a failed probe of any kind by SQLSTATE, the catalog and the error's context, never
    /// by the message's words (which change with `lc_messages`). Integrity errors (23xxx) come only
    /// after the access checks passed, so where the probe made up the row (`madeUpRow`: a table
    /// probe's fixture values) the write was allowed; where it wrote what the API writes (a file, a
    /// message) the API's call fails too, an error. A 42501 is:
    /// - a missing privilege where the role lacks one the statement needs (`missing`, read from the
    ///   catalog with the probe undone): the schema's usage, the table's or a column's;
    /// - else, raised inside a function (the context has more lines than `ownFrames`, the probe's own
    ///   wrapper's): Supabase Storage's delete guard, or the trigger of `table` whose function the
    ///   context names (`triggerFunctions`); raised by any other function, an error;
    /// - else a WITH CHECK refusal for an INSERT or UPDATE (which alone have one), an error otherwise.
    ///
    /// The note always carries the server's own words.
    static func classify(
        _ error: DatabaseError, operation: RLSModel.Operation, table: TableName, triggerFunctions: [String], ownFrames: Int,
        madeUpRow: Bool = true, missing: () throws -> Refusal?
    ) throws -> (outcome: Observation, note: String?) {
        let server = "server: \(error.sqlState ?? "?????") \(error.message)"
        guard let state = error.state else { return (.failed(state: nil, message: error.message), server) }
        if state.isIntegrityConstraintViolation, madeUpRow {
            return (.allowed, "passed the access checks, then \(server)")
        }
        guard state == .insufficientPrivilege else { return (.failed(state: state, message: error.message), server) }
        if let refusal = try missing() { return (.refused(refusal), server) }
        let context = error.context ?? ""
        let frames = context.isEmpty ? 0 : context.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        if frames > ownFrames {
            // Function names are not translated: the context names them in every language.
            if table == storageObjects, context.contains("protect_delete(") { return (.refused(.storageDeleteGuard), server) }
            if let function = triggerFunctions.first(where: { context.contains("\($0)(") }) {
                return (.refused(.trigger(function)), server)
            }
            return (
                .failed(state: state, message: error.message),
                "raised inside a function although the privilege is held; \(server)"
            )
        }
        if operation == .insert || operation == .update { return (.refused(.withCheck), server) }
        return (.failed(state: state, message: error.message), server)
    }
}
