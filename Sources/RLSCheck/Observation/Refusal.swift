import RLSModel

/// What refused a probe, read from the SQLSTATE, the catalog's privileges and the error's context,
/// never from the message's words (which change with `lc_messages`).
public enum Refusal: Sendable, Hashable {
    /// No error and no row: row-level security's `using` hid the row.
    case rowFilter
    /// 42501 "new row violates row-level security policy": a policy's WITH CHECK refused the row.
    case withCheck
    /// 42501 and the role lacks this privilege on the table (nil: an expectation, any privilege).
    case tablePrivilege(String?)
    /// 42501 and the role lacks `privilege` on `column`, while holding it on other columns.
    case columnPrivilege(String, column: String)
    /// 42501 and the role may not use the table's schema (nil: not known which).
    case schemaUsage(String?)
    /// 42501 raised by this trigger function of the table, the privileges held.
    case trigger(String)
    /// 42501 raised by Supabase Storage's guard against deletes in SQL (`storage.protect_delete()`).
    case storageDeleteGuard

    /// The SQLSTATE of the refusal: none for a row filter, 42501 for every other.
    public var sqlState: SQLState? { self == .rowFilter ? nil : .insufficientPrivilege }

    /// Whether a missing grant refused it (table, column or schema): what a plan's "no grant" promises.
    public var isMissingPrivilege: Bool {
        switch self {
        case .tablePrivilege, .columnPrivilege, .schemaUsage: true
        case .rowFilter, .withCheck, .trigger, .storageDeleteGuard: false
        }
    }

    /// Whether an observed refusal is the kind this one promises: any missing privilege for a missing
    /// privilege, else the same refusal.
    func promises(_ observed: Refusal) -> Bool {
        isMissingPrivilege ? observed.isMissingPrivilege : self == observed
    }

    /// The label reports show: `filtered (RLS)`, `rejected (WITH CHECK)`, `denied (no SELECT grant)`,
    /// `denied (no UPDATE grant on column credits)`, `denied (no usage on schema public)`,
    /// `refused by trigger close_notes`, `refused by the storage delete guard (storage.protect_delete)`.
    public var label: String {
        switch self {
        case .rowFilter: "filtered (RLS)"
        case .withCheck: "rejected (WITH CHECK)"
        case .tablePrivilege(let privilege): "denied (no \(privilege.map { "\($0) " } ?? "")grant)"
        case .columnPrivilege(let privilege, let column): "denied (no \(privilege) grant on column \(column))"
        case .schemaUsage(let schema): "denied (no usage on schema\(schema.map { " \($0)" } ?? ""))"
        case .trigger(let function): "refused by trigger \(function)"
        case .storageDeleteGuard: "refused by the storage delete guard (storage.protect_delete)"
        }
    }

    /// The matrix's word (`rls`, `check`, `denied`, `trigger`, `guard`), JSON's `kind`
    /// (`filtered`, `rejected_by_check`, `denied_by_grant`, `refused_by_trigger`,
    /// `refused_by_storage_guard`) and JSON's `refused_by` (`row_filter`, `with_check`,
    /// `table_privilege`, `column_privilege`, `schema_usage`, `trigger`, `storage_delete_guard`).
    private var keywords: (word: String, kind: String, cause: String) {
        switch self {
        case .rowFilter: ("rls", "filtered", "row_filter")
        case .withCheck: ("check", "rejected_by_check", "with_check")
        case .tablePrivilege: ("denied", "denied_by_grant", "table_privilege")
        case .columnPrivilege: ("denied", "denied_by_grant", "column_privilege")
        case .schemaUsage: ("denied", "denied_by_grant", "schema_usage")
        case .trigger: ("trigger", "refused_by_trigger", "trigger")
        case .storageDeleteGuard: ("guard", "refused_by_storage_guard", "storage_delete_guard")
        }
    }

    /// The matrix's word: `rls`, `check`, `denied`, `trigger`, `guard`.
    var word: String { keywords.word }
    /// JSON's `kind`.
    var kind: String { keywords.kind }
    /// JSON's `refused_by`.
    var cause: String { keywords.cause }

    /// A missing privilege as a probe block reports it: `schema`, `table SELECT`, `column UPDATE credits`;
    /// nil for an empty report (every privilege held, or not asked).
    init?(missing: String, schema: String) {
        let words = missing.split(separator: " ", maxSplits: 2).map(String.init)
        switch words.first {
        case "schema": self = .schemaUsage(schema)
        case "table" where words.count == 2: self = .tablePrivilege(words[1])
        case "column" where words.count == 3: self = .columnPrivilege(words[1], column: words[2])
        default: return nil
        }
    }
}
