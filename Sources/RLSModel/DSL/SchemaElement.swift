/// One thing declared inside a `Schema { ... }` block.
public enum SchemaElement: Sendable, Hashable {
    /// A table.
    case table(Table)
    /// An enum type.
    case enumType(EnumType)
    /// A function.
    case function(Function)
    /// A trigger.
    case trigger(Trigger)
    /// A view.
    case view(View)
    /// The sign-up profiles trigger.
    case signUpProfile(SignUpProfile)
    /// A storage bucket and its file plans.
    case bucket(Bucket)
    /// The roles that may use, and create in, a database schema.
    case schemaPrivileges(SchemaPrivileges)
    /// A change to the privileges new objects receive (`alter default privileges`).
    case defaultPrivilege(DefaultPrivilege)
    /// A Postgres extension the schema needs.
    case `extension`(Extension)
    /// An object declared by the SQL that creates it.
    case asWritten(AsWritten)
}
