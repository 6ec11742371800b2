/// A mistake in the DSL, found before anything connects to a database.
///
/// Its description names the Swift file and line, the table and column, what is
/// wrong and what to do: `Policies/MyApp.swift:42: public.saved.profile_id: ...`.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of mistake, for tests and tools.
    public enum Kind: String, Sendable, Hashable {
        /// A plan, key, index or policy names a column the table does not declare.
        case unknownColumn
        /// An owner plan names a column that is not a uuid.
        case ownerColumnNotUUID
        /// A reference to a table, column, type or function the schema does not declare.
        case unknownReference
        /// Two tables, columns, policies or other objects share a name.
        case duplicateName
        /// A name longer than Postgres' 63-byte limit (it would be silently truncated).
        case identifierTooLong
        /// An owner-through plan that reaches no owner column.
        case noOwnerColumn
        /// Owner-through plans that loop back to a table already on the path.
        case ownerCycle
        /// A name Postgres refuses or `rls` cannot write safely (empty, NUL, control characters, a system
        /// column name), or a comment or enum value holding a NUL or control character.
        case invalidName
        /// A declaration that cannot compile as written (identity on text, empty key...).
        case invalidDeclaration
        /// A hand-written policy that decides access from user metadata, which users edit themselves.
        case userMetadata
    }

    /// The kind of mistake.
    public var kind: Kind
    /// The table (or other object) concerned.
    public var table: TableName?
    /// The column concerned, if any.
    public var column: String?
    /// Where the faulty declaration was written.
    public var source: DeclarationSite
    /// What is wrong and what to do, in one sentence.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, table: TableName?, column: String?, source: DeclarationSite, _ message: String) {
        self.kind = kind
        self.table = table
        self.column = column
        self.source = source
        self.message = message
    }

    /// `File.swift:12: public.saved.profile_id: message`, with control characters and bidirectional
    /// overrides in names escaped (`escapedForDisplay`): it is printed to a terminal.
    /// Backslashes stay single: messages quote names as Swift literals (`"a\u{1B}b"`) already.
    public var description: String {
        var subject = table?.description ?? ""
        if let column { subject += subject.isEmpty ? column : ".\(column)" }
        let text = subject.isEmpty ? "\(source): \(message)" : "\(source): \(subject): \(message)"
        return text.escapedForDisplay(doublingBackslashes: false)
    }
}
