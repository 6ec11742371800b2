import RLSModel

extension EnumType {
    /// `create type "s"."t" as enum ('a', 'b');` and its comment.
    func statements() -> [String] {
        var statements = ["create type \(qualifiedName.sql) as enum (\(values.map(quoteLiteral).joined(separator: ", ")));"]
        if let comment { statements.append("comment on type \(qualifiedName.sql) is \(quoteLiteral(comment));") }
        return statements
    }
}
