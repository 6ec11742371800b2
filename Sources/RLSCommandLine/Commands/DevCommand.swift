import RLSDatabase

/// `rls dev start|stop|status|url`: one persistent local Supabase-shaped cluster under `.rls/`.
enum DevCommand {
    static let command = Command(
        name: "dev",
        summary: "Start, stop or locate a persistent local Supabase-shaped database under .rls/.",
        usage: "dev start|stop|status|url [--legacy-grants] [--remove-data] [--show-password]",
        discussion: """
            start   create (first time) and start the cluster under .rls/ of the current directory
            stop    stop it, keeping its data (--remove-data deletes it)
            status  say whether it runs, and where
            url     print its connection URL, password shown as *** unless --show-password

            While it runs, commands given no --database-url and no DATABASE_URL use it instead of a throwaway cluster.
            """,
        options: [
            .flag("legacy-grants", help: "On creation, grant new tables in public to anon and authenticated by default (Supabase before 2026-10-30)."),
            .flag("remove-data", help: "With stop: delete the cluster's data too."),
            .flag("show-password", help: "With url: print the real password, for tools such as psql."),
        ],
        operands: 1,
        run: { invocation in
            let console = invocation.console
            guard let action = invocation.arguments.positionals.first, invocation.arguments.positionals.count == 1 else {
                throw UsageError("say what to do: rls dev start|stop|status|url")
            }
            switch action {
            case "start":
                let privileges: DefaultPrivileges = invocation.arguments.flag("legacy-grants") ? .legacyGrantAll : .none
                let status = try DevCluster.start(in: invocation.directory, defaultPrivileges: privileges)
                console.output("dev cluster \(status)")
            case "stop":
                let removingData = invocation.arguments.flag("remove-data")
                try DevCluster.stop(in: invocation.directory, removingData: removingData)
                // After --remove-data the status would read "not created", which sounds like a failure.
                console.output(removingData ? "dev cluster stopped and its data removed" : "dev cluster \(DevCluster.status(in: invocation.directory))")
            case "status":
                let status = DevCluster.status(in: invocation.directory)
                console.output("dev cluster \(status)")
                if status.url == nil { return .failure }
            case "url":
                let url = try DevCluster.url(in: invocation.directory)
                if invocation.arguments.flag("show-password") {
                    console.outputUnredacted(url)
                } else {
                    console.output(try ConnectionTarget(url).redacted)
                }
            default:
                let suggestion = closest(to: action, among: ["start", "stop", "status", "url"]).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown action '\(action)'\(suggestion)")
            }
            return .success
        }
    )
}
