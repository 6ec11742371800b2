/// Collects the tables, types, functions, triggers and views written inside `Schema { ... }`.
@resultBuilder
public enum SchemaBuilder {
    /// A table.
    public static func buildExpression(_ table: Table) -> [SchemaElement] { [.table(table)] }
    /// An enum type.
    public static func buildExpression(_ type: EnumType) -> [SchemaElement] { [.enumType(type)] }
    /// A function.
    public static func buildExpression(_ function: Function) -> [SchemaElement] { [.function(function)] }
    /// A trigger.
    public static func buildExpression(_ trigger: Trigger) -> [SchemaElement] { [.trigger(trigger)] }
    /// A view.
    public static func buildExpression(_ view: View) -> [SchemaElement] { [.view(view)] }
    /// The sign-up profiles trigger.
    public static func buildExpression(_ profile: SignUpProfile) -> [SchemaElement] { [.signUpProfile(profile)] }
    /// A storage bucket.
    public static func buildExpression(_ bucket: Bucket) -> [SchemaElement] { [.bucket(bucket)] }
    /// The roles that may use, and create in, a database schema.
    public static func buildExpression(_ privileges: SchemaPrivileges) -> [SchemaElement] { [.schemaPrivileges(privileges)] }
    /// A change to the privileges new objects receive.
    public static func buildExpression(_ privilege: DefaultPrivilege) -> [SchemaElement] { [.defaultPrivilege(privilege)] }
    /// A Postgres extension.
    public static func buildExpression(_ declared: Extension) -> [SchemaElement] { [.extension(declared)] }
    /// An object declared by the SQL that creates it.
    public static func buildExpression(_ object: AsWritten) -> [SchemaElement] { [.asWritten(object)] }
    /// Several elements at once.
    public static func buildExpression(_ elements: [SchemaElement]) -> [SchemaElement] { elements }
    /// The block's statements, in order.
    public static func buildBlock(_ parts: [SchemaElement]...) -> [SchemaElement] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [SchemaElement]?) -> [SchemaElement] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [SchemaElement]) -> [SchemaElement] { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [SchemaElement]) -> [SchemaElement] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[SchemaElement]]) -> [SchemaElement] { parts.flatMap { $0 } }
}
