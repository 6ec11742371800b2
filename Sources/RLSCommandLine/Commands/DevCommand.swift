import RLSDatabase

/// `rls dev start|stop|status|url`: one persistent local Supabase-shaped cluster under `.rls/`.
enum DevCommand {
    static let command = Command(
        "dev",
        summary: "Start, stop or locate a persistent local Supabase-shaped database under .rls/.",
        discussion: """
            One cluster per project directory, under .rls/ of the current directory. While it runs, commands
            given no --database-url and no DATABASE_URL use it instead of a throwaway cluster.
            """,
        subcommands: [start, stop, status, url]
    )

    struct StartOptions: CommandOptions {
        var legacyGrants = false

        static let arguments: [Argument<Self>] = [
            .flag(
                "legacy-grants", \.legacyGrants,
                help: "On creation, grant new tables in public to anon and authenticated by default (Supabase before 2026-10-30).")
        ]
    }

    static let start = Command(
        "dev start",
        summary: "Create (the first time) and start the cluster under .rls/ of the current directory.",
        discussion: """
            Starting a running cluster is harmless. A start or creation that was interrupted (Ctrl-C, a killed
            terminal) is finished or remade by the next start; two starts at once share one cluster.
            """,
        options: StartOptions.self,
        run: { options, invocation in
            let privileges: DefaultPrivileges = options.legacyGrants ? .legacyGrantAll : .none
            let status = try DevCluster.start(in: invocation.directory, defaultPrivileges: privileges)
            invocation.console.output("dev cluster \(status)")
            return .success
        }
    )

    struct StopOptions: CommandOptions {
        var removeData = false

        static let arguments: [Argument<Self>] = [
            .flag("remove-data", \.removeData, help: "Delete the cluster's data too.")
        ]
    }

    static let stop = Command(
        "dev stop",
        summary: "Stop the cluster, keeping its data (--remove-data deletes it).",
        discussion: "",
        options: StopOptions.self,
        run: { options, invocation in
            try DevCluster.stop(in: invocation.directory, removingData: options.removeData)
            // After --remove-data the status would read "not created", which sounds like a failure.
            invocation.console.output(
                options.removeData
                    ? "dev cluster stopped and its data removed" : "dev cluster \(DevCluster.status(in: invocation.directory))")
            return .success
        }
    )

    static let status = Command(
        "dev status",
        summary: "Say whether the cluster runs, and where; exits 1 when it does not.",
        discussion: "",
        options: NoOptions.self,
        run: { _, invocation in
            let status = DevCluster.status(in: invocation.directory)
            invocation.console.output("dev cluster \(status)")
            return status.url == nil ? .failure : .success
        }
    )

    struct URLOptions: CommandOptions {
        var showPassword = false

        static let arguments: [Argument<Self>] = [
            .flag("show-password", \.showPassword, help: "Print the real password, for tools such as psql.")
        ]
    }

    static let url = Command(
        "dev url",
        summary: "Print the cluster's connection URL, the password shown as *** unless --show-password.",
        discussion: "",
        options: URLOptions.self,
        run: { options, invocation in
            let url = try DevCluster.url(in: invocation.directory)
            if options.showPassword {
                invocation.console.outputUnredacted(url)
            } else {
                invocation.console.output(try ConnectionTarget(url).redacted)
            }
            return .success
        }
    )
}
