import RLSModel

/// The columns an `Insert` or `Update` holds for a role, and why the others are missing.
///
/// A signed-in user's `Insert` of `listing` has no `id` (identity, generated always) and no
/// `seller_id` (the owner column, defaulted to `auth.uid()`: the policy accepts only the user's own
/// id); `Profiles.Update` holds only `full_name` and `avatar_url` (`.updatable(only:)`).
struct WritableColumns {
    /// The columns the type holds, in declaration order; nil when the role may not do it at all.
    let columns: [Column]?
    /// Why each left-out column is missing, for the type's doc comment: "`id`: generated".
    let leftOut: [(column: String, reason: String)]

    init(_ table: Table, _ operation: Operation, for role: ClientRole, in schema: Schema) {
        guard schema.expectedAccess(of: table, role: role.role, operation) != .denied else {
            columns = nil
            leftOut = []
            return
        }
        let privileged = role == .authenticated ? table.writableColumns(operation) : nil
        let plan = table.access[operation]
        var kept: [Column] = []
        var missing: [(String, String)] = []
        for column in table.columns {
            if column.identity == .always {
                missing.append((column.name, "generated always (identity)"))
            } else if case .stored? = column.generation {
                missing.append((column.name, "generated from other columns"))
            } else if let privileged, !privileged.contains(column.name) {
                missing.append((column.name, "no \(operation.rawValue) privilege on it"))
            } else if role == .authenticated, plan.ownerColumn == column.name, column.defaultValue == .currentUserID {
                missing.append((column.name, "the signed-in user's id (default auth.uid()); the policy refuses any other"))
            } else if role == .authenticated, operation == .update, plan.ownerColumn == column.name {
                missing.append((column.name, "whose row it is; the policy refuses a change to anyone else"))
            } else {
                kept.append(column)
            }
        }
        columns = kept
        leftOut = missing
    }
}

extension Column {
    /// Whether an `Insert` may leave the column out: the database fills it (default, identity,
    /// serial) or it may be null.
    var isOptionalOnInsert: Bool {
        isNullable || defaultValue != nil || identity != nil || generation != nil
    }
}
