/// Policies applying together to an action, the key `multiple-permissive-policies` groups roles by.
struct PolicyGroup: Hashable {
    /// `SELECT`, `INSERT`, `UPDATE` or `DELETE`.
    let action: String
    /// The policies' names, sorted.
    let names: [String]
}
