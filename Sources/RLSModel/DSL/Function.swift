/// A function with a hand-written body. Its `search_path` is always fixed (empty
/// unless given), so write fully qualified names in the body.
///
/// ```swift
/// Function("touch_updated_at", returns: .trigger, body: SQL(raw: "begin new.updated_at := now(); return new; end;"))
/// // create function "public"."touch_updated_at"() returns trigger language plpgsql
/// //   security invoker volatile set search_path = '' as $function$...$function$;
/// // revoke all on function "public"."touch_updated_at"() from public, anon, authenticated, service_role;
/// ```
public struct Function: Sendable, Hashable {
    /// What the function returns.
    public enum Result: Sendable, Hashable {
        /// `returns trigger`
        case trigger
        /// `returns void`
        case void
        /// `returns <type>`
        case type(ColumnType)
        /// `returns setof <table>`
        case setOf(TableName)
    }

    /// The body's language.
    public enum Language: String, Sendable, Hashable {
        /// `language plpgsql`
        case plpgsql
        /// `language sql`
        case sql
    }

    /// Whose privileges the body runs with.
    public enum Security: String, Sendable, Hashable {
        /// `security invoker`: the caller's (the default, and the safe choice).
        case invoker
        /// `security definer`: the function owner's; bypasses the caller's RLS.
        case definer
    }

    /// How the planner may treat repeated calls.
    public enum Volatility: String, Sendable, Hashable {
        /// `volatile`
        case volatile
        /// `stable`
        case stable
        /// `immutable`
        case immutable
    }

    /// One named argument.
    public struct Argument: Sendable, Hashable {
        /// The argument's name.
        public var name: String
        /// The argument's type.
        public var type: ColumnType
        /// Declares an argument.
        public init(_ name: String, _ type: ColumnType) {
            self.name = name
            self.type = type
        }
    }

    /// The schema the function lives in.
    public var schema: String
    /// The function's name.
    public var name: String
    /// Its arguments, in order.
    public var arguments: [Argument]
    /// What it returns.
    public var result: Result
    /// The body's language.
    public var language: Language
    /// Invoker or definer rights.
    public var security: Security
    /// Volatility.
    public var volatility: Volatility
    /// The schemas of its fixed `search_path`; empty renders `set search_path = ''`.
    public var searchPath: [String]
    /// The body, spliced inside dollar quotes as written.
    public var body: SQL
    /// Roles granted EXECUTE; everyone else (including PUBLIC) has it revoked.
    public var executableBy: [Role]
    /// The roles among ``executableBy`` that hold EXECUTE with grant option (``withGrantOption(execute:)``).
    public var executeWithGrantOption: [Role] = []
    /// A `comment on function`.
    public var comment: String?
    /// Where the function was declared.
    public var source: DeclarationSite
    /// The complete statement of a function kept as an existing database defines it; see ``init(_:schema:arguments:definition:executableBy:comment:fileID:line:)``.
    public var definition: SQL?
    /// The identity argument types of a function given by ``definition``: `uuid, text`.
    public var definedArguments: String?

    /// Declares a function.
    public init(
        _ name: String, schema: String = "public", arguments: [Argument] = [], returns result: Result,
        language: Language = .plpgsql, security: Security = .invoker, volatility: Volatility = .volatile,
        searchPath: [String] = [], executableBy: [Role] = [], comment: String? = nil, body: SQL,
        fileID: String = #fileID, line: Int = #line
    ) {
        self.schema = schema
        self.name = name
        self.arguments = arguments
        self.result = result
        self.language = language
        self.security = security
        self.volatility = volatility
        self.searchPath = searchPath
        self.body = body
        self.executableBy = executableBy
        self.comment = comment
        self.source = DeclarationSite(fileID: fileID, line: line)
    }

    /// The schema-qualified name.
    public var qualifiedName: QualifiedName { QualifiedName(schema: schema, name: name) }
}
