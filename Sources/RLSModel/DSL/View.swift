/// A view with a hand-written query. It runs with the caller's rights
/// (`security_invoker = true`) unless declared otherwise, so the underlying
/// tables' RLS still applies.
///
/// ```swift
/// View("brand_summary", readableBy: [.anon, .authenticated], query: SQL(raw: "select ..."))
/// // create view "public"."brand_summary" with (security_invoker = true) as select ...;
/// // grant select on table "public"."brand_summary" to anon, authenticated, service_role;
/// ```
public struct View: Sendable, Hashable {
    /// The schema the view lives in.
    public var schema: String
    /// The view's name.
    public var name: String
    /// The defining query, spliced as written.
    public var query: SQL
    /// `security_invoker = true` (the default) or false (runs as the view's owner, bypassing RLS).
    public var isSecurityInvoker: Bool
    /// Roles granted SELECT besides `service_role`, which always is.
    public var readableBy: [Role]
    /// A `comment on view`.
    public var comment: String?
    /// Where the view was declared.
    public var source: DeclarationSite
    /// The exact grants, replacing `readableBy` plus service_role (``grants(_:)``); nil: those.
    public var grants: [Role: Set<Privilege>]?
    /// The privileges each role holds with grant option (``withGrantOption(_:)``).
    public var grantOptions: [Role: Set<Privilege>] = [:]
    /// The columns the query returns, as declared for `rls types` (``columns(_:)``); empty: undeclared.
    public var columns: [Column] = []
    /// `create materialized view` rather than `create view` (``materialized(withData:)``).
    public var isMaterialized = false
    /// For a materialized view: filled when created (true), or created `with no data` (false).
    public var isPopulated = true
    /// For a materialized view: its indexes (``indexes(_:)``).
    public var indexes: [Index] = []

    /// Declares a view.
    public init(
        _ name: String, schema: String = "public", securityInvoker: Bool = true, readableBy: [Role] = [],
        comment: String? = nil, query: SQL, fileID: String = #fileID, line: Int = #line
    ) {
        self.schema = schema
        self.name = name
        self.query = query
        self.isSecurityInvoker = securityInvoker
        self.readableBy = readableBy
        self.comment = comment
        self.source = DeclarationSite(fileID: fileID, line: line)
    }

    /// The schema-qualified name.
    public var qualifiedName: QualifiedName { QualifiedName(schema: schema, name: name) }
}
