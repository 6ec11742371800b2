import RLSModel

/// What a live database holds in the schemas `rls` manages.
///
/// Read from `pg_catalog` by introspection; expressions and definitions are in the server's own
/// normalised spelling (`pg_get_expr`, `pg_get_constraintdef`, …), so two catalogs read from the
/// same server compare by meaning. Every list is kept sorted, so equal databases give equal values.
///
///     let plan = ChangePlan(from: live, to: desired)
public struct Catalog: Equatable, Sendable, Codable {
    /// Managed schemas other than `public` (which every Supabase database has).
    public var schemas: [Schema]
    /// Enum types in managed schemas.
    public var enums: [EnumType]
    /// Ordinary (and partitioned) tables in managed schemas.
    public var tables: [Table]
    /// Views and materialized views in managed schemas.
    public var views: [View]
    /// Functions and procedures in managed schemas (not those of extensions).
    public var functions: [Function]
    /// Triggers on managed tables, plus triggers on `auth.users`.
    public var triggers: [Trigger]
    /// Row-level security policies on managed tables, plus those on `storage.objects`.
    public var policies: [Policy]
    /// Privileges granted on managed schemas, tables, views, sequences, columns and functions.
    public var grants: [Grant]
    /// Sequences in managed schemas (most belong to identity or serial columns), sorted.
    public var sequences: [QualifiedName]
    /// Domains, composite and range types, aggregates and standalone sequences, by their SQL.
    public var asWritten: [AsWrittenObject] = []
    /// What new objects receive (`pg_default_acl`), every role's: compared by a plan
    /// (``defaultPrivilegeChanges(from:to:)``) but not by `==`.
    public var defaultPrivileges: [DefaultPrivilege]
    /// API role memberships, their default privileges, extensions, foreign tables, buckets.
    public var environment: Environment

    /// Creates a catalog; every list is sorted so the value is deterministic.
    public init(
        schemas: [Schema] = [], enums: [EnumType] = [], tables: [Table] = [], views: [View] = [],
        functions: [Function] = [], triggers: [Trigger] = [], policies: [Policy] = [], grants: [Grant] = [],
        sequences: [QualifiedName] = [], asWritten: [AsWrittenObject] = [], defaultPrivileges: [DefaultPrivilege] = [],
        environment: Environment = .init()
    ) {
        self.schemas = schemas.sortedIfNeeded { $0.name < $1.name }
        self.enums = enums.sortedIfNeeded { $0.name < $1.name }
        self.tables = tables.sortedIfNeeded { $0.name < $1.name }
        self.views = views.sortedIfNeeded { $0.name < $1.name }
        self.functions = functions.sortedIfNeeded { $0.signature < $1.signature }
        self.triggers = triggers.sortedIfNeeded { ($0.table, $0.name) < ($1.table, $1.name) }
        self.policies = policies.sortedIfNeeded { ($0.table, $0.name) < ($1.table, $1.name) }
        self.grants = grants.sortedIfNeeded()
        self.sequences = sequences.sortedIfNeeded()
        self.asWritten = asWritten.sortedIfNeeded()
        self.defaultPrivileges = defaultPrivileges.sorted { "\($0)" < "\($1)" }
        self.environment = environment
    }

    /// Compares the objects the databases hold; default privileges are left to the plan.
    public static func == (lhs: Catalog, rhs: Catalog) -> Bool {
        (lhs.schemas, lhs.enums, lhs.tables, lhs.views) == (rhs.schemas, rhs.enums, rhs.tables, rhs.views)
            && (lhs.functions, lhs.triggers, lhs.policies) == (rhs.functions, rhs.triggers, rhs.policies)
            && (lhs.grants, lhs.sequences, lhs.asWritten) == (rhs.grants, rhs.sequences, rhs.asWritten)
    }

    /// True when `other` holds the same objects, as far as a plan can tell: nothing to change between
    /// them. (Stricter `==` also compares column order, which no plan can change.)
    ///
    ///     #expect(replayedFromMigrations.matches(desired))
    public func matches(_ other: Catalog) -> Bool {
        ChangePlan(from: self, to: other).isEmpty
    }

    /// The table named `name`, if the catalog holds it.
    public func table(_ name: QualifiedName) -> Table? {
        tables.first { $0.name == name }
    }

    /// True when the catalog holds nothing of a project's: at most what a new Supabase database
    /// has (``newSupabaseDatabase(defaultPrivileges:)``).
    public var isEmpty: Bool {
        schemas.isEmpty && enums.isEmpty && asWritten.isEmpty && tables.isEmpty && views.isEmpty && functions.isEmpty
            && triggers.isEmpty && policies.isEmpty && grants.allSatisfy(Self.publicSchemaUsage.contains)
            && environment.extensions.allSatisfy { SupabaseExtensions.isPreinstalled($0.name) }
            && Self.defaultPrivilegeChanges(from: newProjectDefaultPrivileges, to: defaultPrivileges).isEmpty
    }
}
