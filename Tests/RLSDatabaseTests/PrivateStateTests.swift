import Foundation
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

/// Another local user must not be able to plant a template or a pid file that `rls` then trusts.
/// Ownership by another user is simulated with chown to `nobody` (65534), which works as root.
@Suite("Private local state")
struct PrivateStateTests {
    static let otherUser: uid_t = 65534

    private func freshBase() -> String {
        "/tmp/rls-private-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    private func mode(_ path: String) -> (owner: uid_t, mode: mode_t) {
        var info = stat()
        lstat(path, &info)
        return (info.st_uid, info.st_mode & 0o7777)
    }

    @Test func theBaseIsCreatedPrivateAndLooseModesAreTightened() throws {
        let base = freshBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let account = try ServerAccount.forCurrentUser()
        try PrivateDirectory.prepare(base, account: account)
        #expect(mode(base).owner == geteuid())
        #expect(mode(base).mode == (account == nil ? 0o700 : 0o710))
        chmod(base, 0o1777)
        try PrivateDirectory.prepare(base, account: account)
        #expect(mode(base).mode == (account == nil ? 0o700 : 0o710))
    }

    @Test func aBaseAnotherUserOwnsIsRefused() throws {
        try #require(geteuid() == 0, "simulating another user's directory needs chown, so root")
        let base = freshBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: false)
        chmod(base, 0o1777)
        chown(base, Self.otherUser, Self.otherUser)
        #expect(!PrivateDirectory.isUsable(base))
        let error = try #require(throws: EmbeddedClusterError.self) {
            try EmbeddedCluster.start(.init(baseDirectory: base, stopOnSignal: false))
        }
        #expect(error.message.contains("belongs to another user"), "\(error.message)")
        #expect(error.message.contains("RLS_EMBEDDED_DIR"))
    }

    @Test func aSymbolicLinkAsTheBaseIsRefused() throws {
        let base = freshBase()
        defer { unlink(base) }
        symlink("/tmp", base)
        #expect(throws: EmbeddedClusterError.self) { try PrivateDirectory.prepare(base, account: try ServerAccount.forCurrentUser()) }
    }

    @Test func aTemplatePlantedByAnotherUserIsNeverRun() throws {
        try #require(geteuid() == 0, "simulating another user's template needs chown, so root")
        let base = freshBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let account = try ServerAccount.forCurrentUser()
        try PrivateDirectory.prepare(base, account: account)
        let template = ClusterTemplate.directory(binaries: try ServerBinaries.locate(), base: base)
        // A "template" whose pg_hba trusts everyone; if it were copied, the cluster would not even start (no PG_VERSION).
        try FileManager.default.createDirectory(atPath: template + "/data", withIntermediateDirectories: true)
        try "host all all all trust\n".write(toFile: template + "/data/pg_hba.conf", atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: template + "/ready", contents: nil)
        for path in [template, template + "/data", template + "/data/pg_hba.conf", template + "/ready"] {
            chown(path, Self.otherUser, Self.otherUser)
        }
        let cluster = try EmbeddedCluster.start(.init(baseDirectory: base, stopOnSignal: false))
        defer { cluster.stop() }
        let hba = try String(contentsOfFile: template + "/data/pg_hba.conf", encoding: .utf8)
        #expect(!hba.contains("host all all all trust"))
        #expect(mode(template).owner != Self.otherUser)
        let db = try Connection(url: cluster.url)
        #expect(try db.query("select 1 as one").first?.int("one") == 1)
    }

    @Test func aPlantedPidFileNeverGetsAProcessSignalled() throws {
        let base = freshBase()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try PrivateDirectory.prepare(base, account: try ServerAccount.forCurrentUser())
        let victim = Process()
        victim.executableURL = URL(fileURLWithPath: "/bin/sleep")
        victim.arguments = ["300"]
        try victim.run()
        // SIGKILL: this test process ignores SIGTERM once a cluster installed its handlers, and so does the child.
        defer {
            kill(victim.processIdentifier, SIGKILL)
            victim.waitUntilExit()
        }
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        for (name, owner) in [("cluster-planted-ours", geteuid()), ("cluster-planted-theirs", Self.otherUser)] {
            let directory = base + "/" + name
            try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
            try "\(dead.processIdentifier) 1".write(toFile: directory + "/owner", atomically: true, encoding: .utf8)
            try "\(victim.processIdentifier)\n\(directory)/data\n".write(
                toFile: directory + "/data/postmaster.pid", atomically: true, encoding: .utf8)
            for path in [directory, directory + "/data", directory + "/owner", directory + "/data/postmaster.pid"] {
                chown(path, owner, owner)
            }
        }
        #expect(AbandonedClusters.postmasterPid(dataDirectory: base + "/cluster-planted-ours/data") == nil)
        AbandonedClusters.sweep(base: base)
        #expect(victim.isRunning, "a process named in a planted pid file was signalled")
        #expect(!FileManager.default.fileExists(atPath: base + "/cluster-planted-ours"), "our own abandoned directory is removed")
        if geteuid() == 0 {
            #expect(FileManager.default.fileExists(atPath: base + "/cluster-planted-theirs"), "another user's entry is left alone")
        }
    }

    @Test func ourOwnServerIsRecognised() throws {
        let cluster = try TestDatabase.cluster
        let pid = try #require(AbandonedClusters.postmasterPid(dataDirectory: cluster.directory + "/data"))
        #expect(ProcessLiveness.isOurPostgres(pid, dataDirectory: cluster.directory + "/data", account: try ServerAccount.forCurrentUser()))
        #expect(!ProcessLiveness.isOurPostgres(pid, dataDirectory: "/elsewhere/data", account: try ServerAccount.forCurrentUser()))
        #expect(!ProcessLiveness.isOurPostgres(getpid(), dataDirectory: cluster.directory + "/data", account: nil))
    }
}

/// The same with a real second OS user (created with useradd when missing): it can neither list nor
/// plant anything in the directory the clusters live in.
@Suite("Private local state against a second user")
struct SecondUserTests {
    static let name = "rls-intruder"

    private func intruder() throws -> (uid: uid_t, gid: gid_t) {
        try #require(geteuid() == 0, "creating a second OS user needs root")
        if getpwnam(Self.name) == nil {
            let add = Process()
            add.executableURL = URL(fileURLWithPath: "/usr/sbin/useradd")
            add.arguments = ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", Self.name]
            try add.run()
            add.waitUntilExit()
        }
        let entry = try #require(getpwnam(Self.name), "useradd \(Self.name) failed")
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private func runAs(_ user: (uid: uid_t, gid: gid_t), _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--"] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func anotherUserCannotListOrPlantInTheBase() throws {
        let user = try intruder()
        let cluster = try TestDatabase.cluster
        let base = cluster.options.baseDirectory
        #expect(try runAs(user, ["/bin/ls", base]) != 0, "another user can list \(base)")
        #expect(try runAs(user, ["/bin/mkdir", base + "/cluster-planted"]) != 0, "another user can create entries in \(base)")
        #expect(try runAs(user, ["/bin/ls", cluster.directory]) != 0, "another user can look into \(cluster.directory)")
        #expect(!FileManager.default.fileExists(atPath: base + "/cluster-planted"))
    }

    @Test func aDirectoryAnotherUserCreatedFirstIsRefused() throws {
        let user = try intruder()
        let base = "/tmp/rls-squatted-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(try runAs(user, ["/bin/mkdir", "-m", "1777", base]) == 0)
        #expect(!PrivateDirectory.isUsable(base))
        let error = try #require(throws: EmbeddedClusterError.self) {
            try EmbeddedCluster.start(.init(baseDirectory: base, stopOnSignal: false))
        }
        #expect(error.message.contains("belongs to another user"), "\(error.message)")
    }
}
