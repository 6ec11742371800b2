import RLSModel

extension EnumType {
    /// `create type "s"."t" as enum ('a', 'b');` and its comment.
    func statements() -> [CompiledStatement] {
        var statements = [
            CompiledStatement(
                .createType, "create type \(qualifiedName.sql) as enum (\(values.map(quoteLiteral).joined(separator: ", ")));")
        ]
        if let comment {
            statements.append(CompiledStatement(.comment, "comment on type \(qualifiedName.sql) is \(quoteLiteral(comment));"))
        }
        return statements
    }
}
