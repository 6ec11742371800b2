import RLSModel

extension Function {
    /// A function kept as an existing database defines it: its statement as written, ending in `;`.
    /// ``statements()`` follows it with the comment and the EXECUTE privileges like any other.
    func definedCreateStatement(_ definition: SQL) -> String {
        var create = definition.text.trimmingNewlines()
        if !create.hasSuffix(";") { create += ";" }
        return create
    }
}
