import Foundation
import RLSPostgres

extension EmbeddedCluster {
    /// Starts a new throwaway cluster: removes clusters abandoned by killed runs, copies the cached
    /// Supabase-shaped template (building it on first use), starts `postgres` on a free port and
    /// waits until it accepts connections.
    ///
    /// Throws ``EmbeddedClusterError``; when PostgreSQL is not installed the message names the
    /// Debian package `postgresql`.
    public static func start(_ options: Options = .init()) throws -> EmbeddedCluster {
        var environment = ProcessInfo.processInfo.environment
        if let directory = options.serverBinaries { environment["PG_BIN"] = directory }
        let binaries = try ServerBinaries.locate(environment: environment)
        let account = try ServerAccount.forCurrentUser()
        let base = options.baseDirectory
        try PrivateDirectory.prepare(base, account: account)
        AbandonedClusters.sweep(base: base)
        let template = try ClusterTemplate.ensure(binaries: binaries, account: account, base: base)

        let directory = "\(base)/cluster-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: false)
            try ProcessLiveness.currentOwnerToken.write(toFile: directory + "/owner", atomically: true, encoding: .utf8)
            try account?.own(directory)
            let copy = try ExternalCommand.run("/bin/cp", ["-a", template, directory + "/data"])
            guard copy.status == 0 else {
                throw EmbeddedClusterError(kind: .fileSystem, message: "Copying the cluster template failed.", detail: copy.output)
            }
            let password = randomPassword()
            let (server, port) = try launch(binaries: binaries, account: account, directory: directory)
            let cluster = EmbeddedCluster(directory: directory, port: port, password: password, options: options, server: server)
            ClusterRegistry.register(cluster)
            if options.stopOnSignal { stopAllOnSignal() }
            do {
                try cluster.finishShaping()
            } catch {
                cluster.stop()
                throw error
            }
            return cluster
        } catch {
            if let postmaster = AbandonedClusters.postmasterPid(dataDirectory: directory + "/data") {
                ProcessLiveness.terminate(postmaster, signal: SIGQUIT)
            }
            try? files.removeItem(atPath: directory)
            throw error
        }
    }

    /// Starts the server on a free port, retrying when another process grabs the port first.
    private static func launch(
        binaries: ServerBinaries, account: ServerAccount?, directory: String
    ) throws -> (ServerProcess, Int) {
        var lastError: Error?
        for _ in 0..<3 {
            let port = try FreePort.pick()
            let server = try ServerProcess.launch(
                binaries: binaries, account: account, dataDirectory: directory + "/data", port: port,
                socketDirectory: directory, listenAddress: "127.0.0.1", logPath: directory + "/server.log"
            )
            do {
                try server.waitUntilReady(socketDirectory: directory, port: port)
                return (server, port)
            } catch {
                server.stop()
                lastError = error
                guard server.log.contains("could not bind") || server.log.contains("Address already in use") else { throw error }
            }
        }
        throw lastError ?? EmbeddedClusterError(kind: .startFailed, message: "PostgreSQL did not start.")
    }

    /// Sets this cluster's passwords and the chosen default privileges on database `postgres`.
    private func finishShaping() throws {
        let admin = try Connection(url: socketConninfo())
        defer { admin.close() }
        // The server log never records the statement (log_min_error_statement).
        try Self.withoutStatement {
            try admin.execute(SupabaseShape.passwords(password) + SupabaseShape.defaultPrivileges(options.defaultPrivileges))
        }
    }

    /// Runs `body`, dropping the failed statement from any error: it holds the cluster's password.
    static func withoutStatement(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch var error as DatabaseError {
            error.statement = nil
            throw error
        }
    }

    /// 32 random hex digits.
    static func randomPassword() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &generator)) }.joined()
    }
}
