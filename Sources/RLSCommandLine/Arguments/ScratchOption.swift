/// `--scratch-url URL`, for the commands that build throwaway databases (plan, diff, check, docs, lint):
/// a server of the user's choosing to build them on, for extensions the local PostgreSQL lacks.
struct ScratchOption: CommandOptions {
    var url: String?

    static let arguments: [Argument<Self>] = [
        .value(
            "scratch-url", "URL", \.url,
            help:
                "Build throwaway databases on this server instead of a local one (each in a database of its own, dropped after), for extensions the local PostgreSQL lacks: for example the database `supabase start` runs. Default: $RLS_SCRATCH_URL. The role needs CREATEDB."
        )
    ]

    /// The server to build throwaway databases on: `--scratch-url`, else `RLS_SCRATCH_URL`; nil for a local cluster.
    func resolved(_ environment: [String: String]) -> String? {
        if let url { return url }
        guard let url = environment["RLS_SCRATCH_URL"], !url.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return url
    }
}
