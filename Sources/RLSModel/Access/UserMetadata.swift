/// User metadata: `auth.users.raw_user_meta_data` and the JWT's `user_metadata` claim made from it.
/// Every signed-in user writes their own (`supabase.auth.updateUser({ data: … })`), so access must
/// never be decided from it. The one home of this fact: validation refuses hand-written policies
/// that read it (unless acknowledged, as pull does for production's), `rls lint`'s `user-metadata-in-policy` flags live ones, and no plan reads it.
public enum UserMetadata {
    /// The names under which SQL reads it.
    public static let names = ["raw_user_meta_data", "user_metadata"]

    /// Whether `sql` mentions user metadata (any spelling, quoted or not).
    /// Compares UTF-8 bytes, ASCII letters folded (the names are ASCII): one pass per name, so a
    /// megabyte-long policy is read in milliseconds.
    public static func isRead(by sql: String) -> Bool {
        let bytes = sql.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return names.contains { name in
            let pattern = Array(name.utf8)
            guard bytes.count >= pattern.count else { return false }
            var start = 0
            while start <= bytes.count - pattern.count {
                var matched = 0
                while matched < pattern.count, bytes[start + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
                start += 1
            }
            return false
        }
    }

    /// Why a policy reading it is wrong, and what to decide access from instead.
    public static let reason =
        "reads user metadata (raw_user_meta_data / user_metadata), which any signed-in user can set "
        + "on themselves with supabase.auth.updateUser; decide access from app_metadata (set only by the server), "
        + "a table the user cannot write, or auth.uid()"

    /// The DSL fix, in one line.
    public static let fix = "read (select auth.jwt()) -> 'app_metadata' instead of 'user_metadata' in the policy's SQL(raw:)"

    /// The way out for a production policy kept as it is, until it is fixed (validation's message).
    public static let acknowledgement =
        "to keep a production policy as it is for now, add .readsUserMetadata(acknowledged: \"why\") (rls pull writes it; rls lint still reports the policy)"

    /// The reason `rls pull` writes in ``Policy/readsUserMetadata(acknowledged:)``.
    public static let pulledReason = "production policy, pulled as it is; rls lint reports it"
}
