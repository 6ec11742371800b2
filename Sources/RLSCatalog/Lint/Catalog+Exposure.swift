import RLSModel
import RLSSQL

/// Facts several exposure rules share: sensitive column names, what a view reads, grant sentences.
extension Catalog {
    /// Column names that usually hold credentials or personal data (splinter 0023's list, matched
    /// on the whole name, lower-cased, `-` read as `_`).
    static let sensitiveColumnNames: Set<String> = [
        "password", "passwd", "pwd", "passphrase", "secret", "secret_key", "private_key", "api_key", "apikey",
        "auth_key", "token", "jwt", "access_token", "refresh_token", "oauth_token", "session_token", "bearer_token",
        "auth_code", "session_id", "session_key", "session_secret", "recovery_code", "backup_code",
        "verification_code", "otp", "two_factor", "2fa_secret", "2fa_code", "ssn", "social_security",
        "social_security_number", "driver_license", "drivers_license", "license_number", "passport_number",
        "passport_id", "national_id", "tax_id", "credit_card", "card_number", "cvv", "cvc", "cvn", "bank_account",
        "account_number", "routing_number", "iban", "swift_code", "bic", "health_record", "medical_record",
        "patient_id", "insurance_number", "health_insurance", "medical_insurance", "treatment", "mac_address",
        "macaddr", "imei", "device_uuid", "pgp_key", "gpg_key", "ssh_key", "certificate", "license_key",
        "activation_key", "facial_recognition",
    ]

    /// Sensitive-looking columns of `table` when its RLS is off and an API role may read it, sorted.
    func exposedSensitiveColumns(of table: Table) -> [String] {
        guard !table.rowSecurity, exposedSchemas.contains(table.name.schema), !apiRoles(holding: .select, on: table.name).isEmpty
        else { return [] }
        return table.columns.map(\.name).filter {
            Catalog.sensitiveColumnNames.contains(String($0.lowercased().map { $0 == "-" ? "_" : $0 }))
        }
    }

    /// Tables `view` reads whose rows some of `roles` may not all read directly (RLS on, and no grant
    /// or no always-true policy for them): what a view running as its owner shows them beyond that.
    func policyProtectedTables(readBy view: View, for roles: [Role] = Role.clientRoles) -> [QualifiedName] {
        Set(view.dependencies.map(\.relation)).compactMap { table($0) }
            .filter { table in table.rowSecurity && roles.contains { deniesSomeRows(to: $0, of: table.name) } }.map(\.name).sorted()
    }

    /// True when `role`, querying `table` directly, cannot read every row: no SELECT privilege, or
    /// RLS on without a permissive SELECT policy for it whose condition is always true.
    func deniesSomeRows(to role: Role, of table: QualifiedName) -> Bool {
        guard canUse(role, .select, on: table) else { return true }
        guard self.table(table)?.rowSecurity == true else { return false }
        let roles = reach(of: role)
        return !policies(on: table).contains { policy in
            policy.permissive && [.select, .all].contains(policy.command) && !roles.isDisjoint(with: policy.roles)
                && (policy.using == nil || LintRule.isAlwaysTrue(policy.using))
        }
    }

    /// `anon holds SELECT, INSERT; authenticated holds SELECT: through the API they reach every row.`,
    /// or the warning that the next grant would, when none is held yet.
    func grantSentence(_ name: QualifiedName) -> String {
        let privileges = apiPrivileges(on: name)
        guard !privileges.isEmpty else {
            return "no API role holds a privilege on it yet, but the next grant (or an older project's default grants) exposes every row."
        }
        let held = privileges.keys.sorted(by: Role.byName).map {
            "\($0.displayName) holds \(privileges[$0]!.map(\.catalogName).joined(separator: ", "))"
        }
        return held.joined(separator: "; ") + ": through the API they reach every row."
    }

    /// True when `name` is a pgmq queue table without RLS: `insecure-queue-exposed-in-api` reports it.
    func isQueueTable(_ name: QualifiedName) -> Bool {
        environment.queueTables.contains { $0.name == name && !$0.readers.isEmpty }
    }

    /// `"anon", "authenticated"` or `PUBLIC`, as a GRANT or REVOKE names roles.
    static func roleList(_ roles: [Role]) -> String {
        roles.map { $0 == .public ? "PUBLIC" : quoteIdentifier($0.name) }.joined(separator: ", ")
    }
}

extension Catalog.View {
    /// True when the view's query reads `auth.users`.
    var readsAuthUsers: Bool {
        dependencies.contains { $0.relation == QualifiedName(schema: "auth", name: "users") }
    }
}
