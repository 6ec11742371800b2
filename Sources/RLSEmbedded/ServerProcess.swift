import Foundation
import RLSPostgres

/// A running `postgres` server started by us.
final class ServerProcess: @unchecked Sendable {
    /// The postmaster's pid (setpriv execs in place, so it is the process we started).
    let pid: Int32
    private let process: Process
    let logPath: String

    private init(process: Process, logPath: String) {
        self.process = process
        self.pid = process.processIdentifier
        self.logPath = logPath
    }

    /// Starts `postgres` on `dataDirectory`, listening on `listenAddress` (empty: socket only) and a socket in `socketDirectory`.
    static func launch(
        binaries: ServerBinaries, account: ServerAccount?, dataDirectory: String,
        port: Int, socketDirectory: String, listenAddress: String, logPath: String, detached: Bool = false
    ) throws -> ServerProcess {
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        try? account?.own(logPath)
        guard let log = FileHandle(forWritingAtPath: logPath) else {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not write the server log at \(logPath).")
        }
        defer { try? log.close() }
        var (executable, arguments) = account.wrap(
            binaries.postgres,
            [
                "-D", dataDirectory, "-p", String(port), "-k", socketDirectory, "-c", "listen_addresses=\(listenAddress)",
            ])
        if detached, FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") {
            // A persistent dev cluster must outlive this process and the terminal's Ctrl-C.
            arguments = [executable] + arguments
            executable = "/usr/bin/setsid"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // setsid and setpriv pass it on unchanged, so the server holds nothing of the caller's environment.
        process.environment = ChildEnvironment.minimal()
        process.currentDirectoryURL = URL(fileURLWithPath: socketDirectory)
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw EmbeddedClusterError(kind: .startFailed, message: "Could not run \(binaries.postgres): \(error)")
        }
        return ServerProcess(process: process, logPath: logPath)
    }

    /// Waits until the server accepts connections on its socket.
    func waitUntilReady(socketDirectory: String, port: Int, timeout: TimeInterval = 30) throws {
        try Self.waitUntilReady(socketDirectory: socketDirectory, port: port, timeout: timeout, logPath: logPath) { [process] in
            process.isRunning
        }
    }

    /// Waits until a server accepts connections, failing early when `isRunning` turns false.
    static func waitUntilReady(
        socketDirectory: String, port: Int, timeout: TimeInterval, logPath: String? = nil, isRunning: () -> Bool
    ) throws {
        let conninfo = "host='\(socketDirectory)' port=\(port) dbname=postgres user=supabase_admin connect_timeout=2"
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if ServerPing.isAccepting(conninfo) { return }
            if !isRunning() || Date() > deadline {
                throw EmbeddedClusterError(
                    kind: .startFailed,
                    message: isRunning()
                        ? "PostgreSQL did not become ready within \(Int(timeout)) s." : "PostgreSQL exited while starting.",
                    detail: logPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
                )
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// The server log so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    var isRunning: Bool { process.isRunning }

    /// Stops the server: immediate shutdown (SIGQUIT) for a throwaway cluster, fast shutdown (SIGINT) to keep the data.
    func stop(keepingData: Bool = false) {
        guard process.isRunning else { return }
        kill(pid, keepingData ? SIGINT : SIGQUIT)
        let deadline = Date().addingTimeInterval(keepingData ? 30 : 5)
        while process.isRunning {
            if Date() > deadline {
                kill(pid, SIGKILL)
                process.waitUntilExit()
                return
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }
}
