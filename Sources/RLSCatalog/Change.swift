/// One step of a ``ChangePlan``: a typed, named SQL change to one database object.
///
///     Change(kind: .create, object: .policy, name: "public.saved.owner reads",
///            sql: #"create policy "owner reads" on "public"."saved" …;"#)
public struct Change: Equatable, Sendable, Codable {
    /// What the change does.
    public enum Kind: String, Equatable, Sendable, Codable {
        /// Creates an object that does not exist yet.
        case create
        /// Changes an existing object (or replaces it with an equivalent one).
        case alter
        /// Drops an object.
        case drop
        /// Grants a privilege.
        case grant
        /// Revokes a privilege.
        case revoke
        /// `ENABLE ROW LEVEL SECURITY` (or `FORCE`).
        case enableRowSecurity
        /// `DISABLE ROW LEVEL SECURITY` (or `NO FORCE`).
        case disableRowSecurity
        /// Sets or removes a comment.
        case comment

        /// The plan symbol: `+` create/grant/enable, `-` drop/revoke/disable, `~` change.
        public var symbol: String {
            switch self {
            case .create, .grant, .enableRowSecurity: "+"
            case .drop, .revoke, .disableRowSecurity: "-"
            case .alter, .comment: "~"
            }
        }
    }

    /// The kind of object a change touches.
    public enum ObjectKind: String, Equatable, Sendable, Codable {
        /// A schema.
        case schema
        /// A Postgres extension (`create extension`).
        case `extension`
        /// An enum type.
        case enumType = "enum"
        /// A table.
        case table
        /// A column.
        case column
        /// A table constraint.
        case constraint
        /// An index.
        case index
        /// A view or materialized view.
        case view
        /// A function or procedure.
        case function
        /// A trigger.
        case trigger
        /// A row-level security policy.
        case policy
        /// A privilege on a schema, table, column, sequence or function.
        case privilege
        /// What new objects receive (`alter default privileges`).
        case defaultPrivileges = "default privileges"
        /// A table's row level security switches (`ENABLE`/`FORCE`).
        case rowSecurity = "row level security"
        /// A table's membership in the `supabase_realtime` publication.
        case liveChanges = "live changes"
        /// What a table's updates and deletes carry of the old row.
        case replicaIdentity = "replica identity"
        /// A storage bucket's row in `storage.buckets`.
        case bucket
        /// A domain (declared as written).
        case domain
        /// A composite type (declared as written).
        case compositeType = "composite type"
        /// A range type (declared as written).
        case rangeType = "range type"
        /// An aggregate function (declared as written).
        case aggregate
        /// A sequence no column owns (declared as written).
        case sequence
    }

    /// What the change does.
    public var kind: Kind
    /// The kind of object it touches.
    public var object: ObjectKind
    /// The object's readable name: `public.saved`, `public.saved.patron_id`, `public.saved.owner reads`.
    public var name: String
    /// True when applying it can lose data or fail on existing rows: dropping a table, a column, a
    /// type, an extension, a schema or a materialized view, or changing a column's type. Exactly the statements for which `rls apply`
    /// asks for `--allow-destructive`.
    public var isDestructive: Bool
    /// The SQL, one or more complete statements each ending in `;`.
    public var sql: String

    /// Creates a change.
    public init(kind: Kind, object: ObjectKind, name: String, isDestructive: Bool = false, sql: String) {
        self.kind = kind
        self.object = object
        self.name = name
        self.isDestructive = isDestructive
        self.sql = sql
    }

    /// One line for a plan listing: `+ policy public.saved.owner reads`.
    public var summary: String {
        "\(kind.symbol) \(object.rawValue) \(name)\(isDestructive ? " (destructive)" : "")"
    }
}
