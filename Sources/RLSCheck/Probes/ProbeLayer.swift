/// Which barrier a probe tests.
public enum ProbeLayer: String, Sendable, Hashable, CustomStringConvertible {
    /// The database as it is: grants, then row-level security.
    case asDeployed = "as deployed"
    /// Row-level security alone: the missing privilege is granted inside the probe's savepoint, so a
    /// role the schema denies by grant must also be stopped by the policies. Supabase projects
    /// created before 2026-10-30 grant every new table to `anon` and `authenticated` by default,
    /// so a policy that only the missing grant holds back is one dashboard click from a leak.
    case policiesOnly = "policies only"

    /// The layer's name in reports.
    public var description: String { rawValue }
}
