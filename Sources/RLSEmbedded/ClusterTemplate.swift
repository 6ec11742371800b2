import Foundation
import RLSPostgres
import RLSSQL

/// A pristine, Supabase-shaped data directory, built once per installation and copied for each cluster.
///
/// `initdb` plus shaping takes about two seconds; copying the result takes a fraction of that,
/// which is what keeps start-to-ready well under three seconds.
package enum ClusterTemplate {
    /// The data directory of the template, building it first when missing. Marks it used and
    /// removes the other templates nobody has used for ``UnusedTemplates/keptFor``.
    static func ensure(binaries: ServerBinaries, account: ServerAccount?, base: String) throws -> String {
        let directory = self.directory(binaries: binaries, base: base)
        defer { UnusedTemplates.sweep(base: base, current: directory, account: account) }
        let data = directory + "/data"
        if FileManager.default.fileExists(atPath: directory + "/ready") {
            if [directory, data, data + "/pg_hba.conf", directory + "/ready"].allSatisfy({ PrivateDirectory.isOurs($0, account: account) })
            {
                // Failing only when another process has just removed it as unused: then build it anew.
                if markUsed(directory) { return data }
            } else {
                // Not built by us (or the server account): never run it. Set it aside and build our own.
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
        let building = "\(base)/building-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: building) }
        try build(in: building, binaries: binaries, account: account)
        // Another process may have finished first; its template is as good as ours.
        if rename(building, directory) != 0, !FileManager.default.fileExists(atPath: directory + "/ready") {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not move the new template into \(directory) (errno \(errno)).")
        }
        return data
    }

    /// Touches `ready`, so ``UnusedTemplates`` sees the template is in use. False only when `ready`
    /// is gone; a file system that refuses the touch (read-only) still has a usable template.
    private static func markUsed(_ directory: String) -> Bool {
        utimensat(AT_FDCWD, directory + "/ready", nil, 0) == 0 || errno != ENOENT
    }

    /// Where the template for these binaries and this Supabase shape lives in `base`.
    static func directory(binaries: ServerBinaries, base: String) -> String {
        let key = fnv1a(
            "\(binaries.fingerprint)|\(SupabaseShape.version)|\(SupabaseShape.roles)|\(SupabaseShape.database)|\(SupabaseShape.storage)|\(ClusterSettings.postgresqlConf)|\(ClusterSettings.pgHbaConf)"
        )
        return "\(base)/template-u\(geteuid())-\(String(key, radix: 16))"
    }

    private static func build(in directory: String, binaries: ServerBinaries, account: ServerAccount?) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try ProcessLiveness.currentOwnerToken.write(toFile: directory + "/owner", atomically: true, encoding: .utf8)
        try account?.own(directory)
        let data = directory + "/data"
        let (executable, arguments) = account.wrap(
            binaries.initdb,
            [
                "-D", data, "-N", "--auth=trust", "-E", "UTF8", "--locale=C", "-U", "supabase_admin",
                "--wal-segsize=1", "--no-instructions",
            ])
        let initdb = try ExternalCommand.run(executable, arguments, in: directory)
        guard initdb.status == 0 else {
            throw EmbeddedClusterError(kind: .initdbFailed, message: "initdb failed (exit \(initdb.status)).", detail: initdb.output)
        }
        try appendText(ClusterSettings.postgresqlConf, to: data + "/postgresql.conf")
        try ClusterSettings.pgHbaConf.write(toFile: data + "/pg_hba.conf", atomically: false, encoding: .utf8)

        let port = try FreePort.pick()
        let server = try ServerProcess.launch(
            binaries: binaries, account: account, dataDirectory: data, port: port,
            socketDirectory: directory, listenAddress: "", logPath: directory + "/server.log"
        )
        defer { server.stop(keepingData: true) }
        try server.waitUntilReady(socketDirectory: directory, port: port)
        try shape(socketDirectory: directory, port: port)
        server.stop(keepingData: true)
        // Which server built it: once those programs are gone or rebuilt, nothing can use it again.
        try binaries.fingerprint.write(toFile: directory + "/" + UnusedTemplates.binariesFile, atomically: false, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: directory + "/ready", contents: nil)
    }

    private static func shape(socketDirectory: String, port: Int) throws {
        func connect(_ database: String) throws -> Connection {
            try Connection(url: "host='\(socketDirectory)' port=\(port) user=supabase_admin dbname=\(database)")
        }
        do {
            let postgres = try connect("postgres")
            try postgres.execute(SupabaseShape.roles)
            try postgres.execute(SupabaseShape.database)
            try postgres.execute(SupabaseShape.storage)
            try postgres.execute("alter database postgres owner to postgres")
            postgres.close()
            // CREATE DATABASE needs the source database free of connections, so work from template1.
            let template1 = try connect("template1")
            for privileges in DefaultPrivileges.allCases {
                let name = ClusterSettings.templateDatabase(privileges)
                try template1.execute("create database \(quoteIdentifier(name)) template postgres owner postgres is_template true")
                let database = try connect(name)
                try database.execute(SupabaseShape.defaultPrivileges(privileges))
                database.close()
            }
            template1.close()
        } catch {
            throw EmbeddedClusterError(kind: .shapeFailed, message: "Shaping the embedded cluster like Supabase failed: \(error)")
        }
    }

    private static func appendText(_ text: String, to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not open \(path) to configure the server.")
        }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
    }

    /// A stable 64-bit hash (Swift's `Hasher` is seeded per process, so it cannot key a cache).
    package static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
