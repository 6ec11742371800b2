import RLSModel

/// One SQL statement of a compiled schema, with what kind of statement it is, so that the docs,
/// the check and the catalog can pick statements out of the structure instead of reading text.
///
/// ```sql
/// grant select on table "public"."listing" to "anon", "authenticated";   -- kind: .grant
/// ```
public struct CompiledStatement: Sendable, Hashable {
    /// What a statement does.
    public enum Kind: Sendable, Hashable {
        /// `create schema if not exists ...`
        case createSchema
        /// `create extension if not exists ... with schema ...`
        case createExtension
        /// `create type ... as enum (...)`
        case createType
        /// `create table ... (...)`
        case createTable
        /// `alter table ... add constraint ... foreign key ...`, closing a reference cycle.
        case addForeignKey
        /// `create [unique] index ...`
        case createIndex
        /// `comment on ... is ...`
        case comment
        /// `create function ...`, generated or as an existing database defines it.
        case createFunction
        /// `create view ...`
        case createView
        /// `create trigger ...`
        case createTrigger
        /// `alter table ... enable row level security`
        case enableRowLevelSecurity
        /// `revoke ... from ...`
        case revoke
        /// `grant ... to ...`
        case grant
        /// `alter default privileges ... grant|revoke ...`
        case alterDefaultPrivileges
        /// `create policy ...`; the statement's ``CompiledStatement/policy`` holds it.
        case createPolicy
        /// `alter publication supabase_realtime add table ...`
        case publish
        /// `alter table ... replica identity full`
        case replicaIdentity
        /// `insert into storage.buckets ... on conflict do update ...`
        case upsertBucket
        /// An object's SQL as written (`create domain ...`, `create aggregate ...`, ...).
        case asWritten
        /// `set check_function_bodies = off` / `reset check_function_bodies` around a function that
        /// closes a dependency cycle.
        case setting
    }

    /// What the statement does.
    public var kind: Kind
    /// The statement, ending in `;`.
    public var sql: String
    /// The policy a ``Kind/createPolicy`` statement creates; nil for other kinds.
    public var policy: CompiledPolicy?

    /// A statement of `kind`.
    public init(_ kind: Kind, _ sql: String) {
        self.kind = kind
        self.sql = sql
    }

    /// The `create policy` statement of `policy`.
    public init(_ policy: CompiledPolicy) {
        self.kind = .createPolicy
        self.sql = policy.sql
        self.policy = policy
    }
}

extension [String] {
    /// Each of these statements, all of `kind`.
    func compiled(_ kind: CompiledStatement.Kind) -> [CompiledStatement] {
        map { CompiledStatement(kind, $0) }
    }
}
