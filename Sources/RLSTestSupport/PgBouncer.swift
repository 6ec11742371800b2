import Foundation
import RLSDatabase
import RLSEmbedded

/// Debian's PgBouncer in front of a test database, as the smallest pool a Supabase project can
/// have: transaction pooling and one server connection per database and user (`pool_size` 1), with
/// `query_wait_timeout` 0, so a client waits for a server connection forever.
///
/// A child process on a free port of 127.0.0.1, its configuration, password file and log in a
/// temporary directory, run as the `postgres` account when the tests run as root (PgBouncer refuses
/// to run as root, as the embedded server does); stopped and its directory removed by ``stop()``.
/// When PgBouncer is not installed it throws an error that names the Debian package `pgbouncer`
/// (scripts/setup installs it), so the test fails rather than skips.
///
/// ```swift
/// let (url, _) = try TestDatabase.make()
/// let bouncer = try PgBouncer.start(before: url)
/// defer { bouncer.stop() }
/// let connection = try Connection(url: bouncer.url)  // through the pool
/// ```
public final class PgBouncer: @unchecked Sendable {
    /// The test database's URL with PgBouncer's port instead of the server's.
    public let url: String
    private let process: Process
    private let directory: String

    private init(url: String, process: Process, directory: String) {
        self.url = url
        self.process = process
        self.directory = directory
    }

    /// Starts PgBouncer before the database at `databaseURL` (a TCP URL with user and password, as
    /// ``TestDatabase/make(_:)`` gives) and returns once it accepts connections.
    public static func start(before databaseURL: String, poolSize: Int = 1) throws -> PgBouncer {
        guard let executable = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].first(where: FileManager.default.isExecutableFile)
        else {
            throw TestSupportError("PgBouncer is not installed: install the Debian package pgbouncer (scripts/setup does)")
        }
        guard var parts = URLComponents(string: databaseURL), let user = parts.user, let password = parts.password,
            let serverPort = parts.port
        else { throw TestSupportError("PgBouncer needs a TCP URL with a user and a password, not \(databaseURL)") }
        let port = try FreePort.pick()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-pgbouncer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let account = try ServerAccount.forCurrentUser()
        do {
            try account?.own(directory)
            let configuration = """
                [databases]
                * = host=127.0.0.1 port=\(serverPort)

                [pgbouncer]
                listen_addr = 127.0.0.1
                listen_port = \(port)
                unix_socket_dir =
                auth_type = md5
                auth_file = \(directory)/users.txt
                pool_mode = transaction
                default_pool_size = \(poolSize)
                max_client_conn = 50
                query_wait_timeout = 0
                logfile = \(directory)/pgbouncer.log
                """
            try write(configuration, to: directory + "/pgbouncer.ini", account: account)
            try write("\"\(user)\" \"\(password)\"\n", to: directory + "/users.txt", account: account)
            let process = Process()
            let (program, arguments) = account.wrap(executable, [directory + "/pgbouncer.ini"])
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            process.environment = ChildEnvironment.minimal()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            parts.port = port
            let bouncer = PgBouncer(url: parts.string ?? databaseURL, process: process, directory: directory)
            let deadline = Date().addingTimeInterval(15)
            while !FreePort.isListening(port) {
                guard process.isRunning, Date() < deadline else {
                    let log = (try? String(contentsOfFile: directory + "/pgbouncer.log", encoding: .utf8)) ?? ""
                    bouncer.stop()
                    throw TestSupportError("PgBouncer did not start on port \(port): \(log)")
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return bouncer
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// Stops PgBouncer and removes its directory. With SIGKILL: PgBouncer keeps the signal mask it
    /// inherits, and a test process's threads block SIGTERM and SIGINT, so it would never see them.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    deinit { stop() }

    private static func write(_ text: String, to path: String, account: ServerAccount?) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw TestSupportError("could not write \(path)")
        }
        try account?.own(path)
    }
}

/// A test fixture that could not be set up.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
