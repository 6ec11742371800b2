/// What `rls pull` refuses, before it writes anything.
public enum PullError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--data` named a table the database does not hold (among the schemas pull reads).
    case unknownDataTable(String)

    /// What happened and what to do next.
    public var description: String {
        switch self {
        case .unknownDataTable(let name):
            "--data \(name.escapedForDisplay): no such table in the schemas rls pull reads. "
                + "Name it as schema.table (public.app_config), or table for one in public."
        }
    }
}
