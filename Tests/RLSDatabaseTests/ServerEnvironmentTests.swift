import Foundation
import Testing

@testable import RLSEmbedded
@testable import RLSPostgres

/// The caller's secrets never reach the programs we start. The secrets are put in the environment
/// of a child copy of this test binary (this process's environment is shared by every test running
/// in parallel, so it is never changed); the child starts the servers, and this process reads
/// `/proc/PID/environ` of every server process.
@Suite("Child processes get no secrets from the caller's environment")
struct ServerEnvironmentTests {
    static let secrets = [
        "DATABASE_URL": "postgres://leaker:hunter2-database-url@db.example.com/postgres",
        "PGPASSWORD": "hunter2-pgpassword",
        "SECRET_TOKEN": "hunter2-secret-token",
    ]
    static let devProjectVariable = "RLS_CHILD_DEV_PROJECT"
    static let commandReportVariable = "RLS_CHILD_COMMAND_REPORT"

    /// In a child: starts the dev cluster of a project and reports what a plain external command sees.
    /// In the normal run it only checks that no project is named.
    @Test func childStartsDevCluster() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let project = environment[Self.devProjectVariable], let report = environment[Self.commandReportVariable] else {
            #expect(environment[Self.devProjectVariable] == nil)
            return
        }
        try DevCluster.start(in: project)
        try ExternalCommand.run("/usr/bin/env", []).output.write(toFile: report, atomically: true, encoding: .utf8)
    }

    /// A copy of this test binary running ``childStartsDevCluster()`` on `project`.
    static func spawnDevStart(project: String, report: String, extraEnvironment: [String: String] = [:]) throws -> Process {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = ["--testing-library", "swift-testing", "--filter", "childStartsDevCluster"]
        child.environment = ProcessInfo.processInfo.environment.merging(
            extraEnvironment.merging([devProjectVariable: project, commandReportVariable: report]) { $1 }
        ) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        return child
    }

    @Test func throwawayClusterServersHoldNoSecret() throws {
        let child = try ChildCluster.spawn(extraEnvironment: Self.secrets)
        defer {
            kill(child.process.processIdentifier, SIGTERM)
            child.process.waitUntilExit()
        }
        let postmaster = try #require(AbandonedClusters.postmasterPid(dataDirectory: child.directory + "/data"))
        try expectNoSecret(inTreeOf: postmaster)
    }

    @Test func devClusterServersAndCommandsHoldNoSecret() throws {
        let project = "/tmp/rls-devenv-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let report = project + "-env"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        defer {
            try? DevCluster.stop(in: project, removingData: true)
            try? FileManager.default.removeItem(atPath: project)
            try? FileManager.default.removeItem(atPath: report)
        }
        let child = try Self.spawnDevStart(project: project, report: report, extraEnvironment: Self.secrets)
        child.waitUntilExit()
        try #require(child.terminationStatus == 0, "the child could not start the dev cluster")

        let layout = try DevClusterLayout(projectDirectory: project, creating: false)
        let postmaster = try #require(AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory))
        try expectNoSecret(inTreeOf: postmaster)

        let seen = try String(contentsOfFile: report, encoding: .utf8)
        #expect(seen.contains("PATH="))
        #expect(Self.secretsIn(seen).isEmpty, "an external command was given \(Self.secretsIn(seen))")
    }

    @Test func theListKeepsOnlyWhatProgramsNeed() {
        let parent = Self.secrets.merging([
            "PATH": "/opt/pg/bin:/usr/bin", "TZ": "Europe/Paris", "HOME": "/home/ada", "LANG": "de_DE.UTF-8",
            "LD_LIBRARY_PATH": "/opt/pg/lib",
            "PGHOST": "db.example.com", "PGSERVICEFILE": "/home/ada/.pg_service.conf", "AWS_SECRET_ACCESS_KEY": "hunter2",
        ]) { $1 }
        #expect(
            ChildEnvironment.minimal(from: parent) == [
                "PATH": "/opt/pg/bin:/usr/bin", "TZ": "Europe/Paris", "LD_LIBRARY_PATH": "/opt/pg/lib", "LANG": "C", "LC_ALL": "C",
            ])
        #expect(ChildEnvironment.minimal(from: [:])["PATH"] == ChildEnvironment.defaultPath)
        #expect(
            ChildEnvironment.git(from: parent) == [
                "PATH": "/opt/pg/bin:/usr/bin", "TZ": "Europe/Paris", "LD_LIBRARY_PATH": "/opt/pg/lib", "LANG": "C", "LC_ALL": "C",
                "HOME": "/home/ada",
            ])
    }

    /// Reads the environment of `root` and every process below it (the server's children).
    private func expectNoSecret(inTreeOf root: Int32) throws {
        let tree = Self.processTree(root)
        #expect(tree.count > 1, "the postmaster has its background processes")
        var read = 0
        for pid in tree {
            // A child that ended between the listing and the read (a backend closing, an autovacuum
            // worker) is gone, not hiding: only a process that still runs must be readable.
            guard let environ = Self.environment(of: pid) else { continue }
            read += 1
            let leaked = Self.secretsIn(String(decoding: environ, as: UTF8.self))
            #expect(leaked.isEmpty, "process \(pid) was given \(leaked)")
        }
        #expect(read > 1, "the postmaster and at least one of its background processes were read")
        let postmaster = String(decoding: try #require(FileManager.default.contents(atPath: "/proc/\(root)/environ")), as: UTF8.self)
        #expect(postmaster.split(separator: "\0").contains("LC_ALL=C"), "the server runs with the environment built for it")
    }

    /// The names of the secrets whose name or value occurs in `text` (never the text itself: it is an environment).
    static func secretsIn(_ text: String) -> [String] {
        secrets.filter { text.contains($0.key + "=") || text.contains($0.value) }.keys.sorted()
    }

    /// The environment of `pid`, or nil when the process has ended. An exiting process releases its
    /// memory, environment included, a moment before its /proc entry turns zombie (Z) or dead (X)
    /// or goes: an unreadable environment is asked again until one of the two answers.
    static func environment(of pid: Int32) -> Data? {
        for _ in 0..<100 {
            if let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") { return environ }
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
                return nil
            }
            let state = stat[stat.index(after: close)...].split(separator: " ").first ?? ""
            if state == "Z" || state == "X" { return nil }
            usleep(20_000)
        }
        Issue.record("process \(pid) runs but its environment is unreadable")
        return nil
    }

    /// `root` and its descendants, from the parent pid in each `/proc/PID/stat`.
    static func processTree(_ root: Int32) -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (name)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
        }
        var tree = [root]
        var index = 0
        while index < tree.count {
            tree += parents.filter { $0.value == tree[index] }.map(\.key).sorted()
            index += 1
        }
        return tree
    }
}
