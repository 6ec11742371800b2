import RLSModel

/// A titled group of statements of a compiled schema: one table's structure, one table's access,
/// one function, one bucket, ... `render` prints each under its title as a comment banner.
///
/// ```sql
/// -- ============================================================================
/// -- Access to public.listing: select: anyone; insert, update, delete: the row's owner
/// -- ============================================================================
/// alter table "public"."listing" enable row level security;
/// ...
/// ```
public struct CompiledSection: Sendable, Hashable {
    /// What a section is about.
    public enum Subject: Sendable, Hashable {
        /// The schemas created, the usage granted on them and the extensions created.
        case schemas
        /// An enum type.
        case type(QualifiedName)
        /// An object declared by the SQL that creates it: a domain, another type, an aggregate, a sequence.
        case asWritten(AsWritten.Kind, name: QualifiedName)
        /// A table's structure: the table, its comments and indexes.
        case table(TableName)
        /// Foreign keys added once every table exists, because they close a reference cycle.
        case cyclicForeignKeys
        /// A function with its comment and EXECUTE privileges.
        case function(QualifiedName)
        /// A view with its comment and privileges.
        case view(QualifiedName)
        /// A trigger on a table.
        case trigger(name: String, table: TableName)
        /// A table's access: row-level security, privileges (its sequences' too) and policies.
        case access(TableName)
        /// A table's live changes: publication and replica identity.
        case liveChanges(TableName)
        /// The private-channel policies on `realtime.messages` for a table's rows.
        case channels(TableName)
        /// A storage bucket's row and its policies on `storage.objects`.
        case bucket(id: String)
        /// The changes to the privileges new objects receive, after everything else.
        case defaultPrivileges
    }

    /// What the section is about.
    public var subject: Subject
    /// The banner title: `Access to public.listing: select: anyone; ...`.
    public var title: String
    /// The statements, in the order they run.
    public var statements: [CompiledStatement]

    /// Creates a section.
    public init(_ subject: Subject, title: String, statements: [CompiledStatement]) {
        self.subject = subject
        self.title = title
        self.statements = statements
    }

    /// The statements, one after another, as `render` prints them under the banner.
    public var sql: String { statements.map(\.sql).joined(separator: "\n") }

    /// The policies the section creates.
    public var policies: [CompiledPolicy] { statements.compactMap(\.policy) }
}
