import Foundation
import Testing

@testable import RLSEmbedded

/// Every change to the server binaries or the Supabase shape makes a new template, 54 MB in
/// `/dev/shm` (memory). Ensuring one removes the others of ours nobody has used for a while.
/// Each test works in a base of its own under /tmp, never the real one.
@Suite("Unused templates")
struct UnusedTemplatesTests {
    static let day: TimeInterval = 24 * 3600
    static let otherUser: uid_t = 65534

    /// A fresh private base, removed afterwards.
    private func withBase(_ body: (String, ServerAccount?) throws -> Void) throws {
        let base = "/tmp/rls-templates-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let account = try ServerAccount.forCurrentUser()
        try PrivateDirectory.prepare(base, account: account)
        try body(base, account)
    }

    private func ensure(in base: String, account: ServerAccount?) throws -> String {
        try ClusterTemplate.ensure(binaries: try ServerBinaries.locate(), account: account, base: base)
    }

    /// A template-shaped directory whose `ready` was last touched, and whose data was last read, `age` ago.
    @discardableResult
    private func plant(_ name: String, in base: String, usedAgo age: TimeInterval, readAgo: TimeInterval? = nil) throws -> String {
        let directory = base + "/" + name
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        try "15\n".write(toFile: directory + "/data/PG_VERSION", atomically: false, encoding: .utf8)
        FileManager.default.createFile(atPath: directory + "/ready", contents: nil)
        date(directory + "/ready", ago: age)
        date(directory + "/data/PG_VERSION", ago: age, readAgo: readAgo ?? age)
        date(directory + "/data", ago: age)
        date(directory, ago: age)
        return directory
    }

    /// Sets the modification time of `path` to `age` ago, and its access time to `readAgo` (or `age`) ago.
    private func date(_ path: String, ago age: TimeInterval, readAgo: TimeInterval? = nil) {
        func ago(_ interval: TimeInterval) -> timespec {
            timespec(tv_sec: time_t(Date().addingTimeInterval(-interval).timeIntervalSince1970), tv_nsec: 0)
        }
        var times = [ago(readAgo ?? age), ago(age)]
        utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW)
    }

    /// The pid of a process that has ended.
    private func deadPid() throws -> Int32 {
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        return dead.processIdentifier
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func aTemplateUnusedForLongerThanAWeekIsRemovedARecentOneKept() throws {
        try withBase { base, account in
            let old = try plant("template-u\(geteuid())-01d", in: base, usedAgo: 30 * Self.day)
            let recent = try plant("template-u\(geteuid())-2ecea7", in: base, usedAgo: 1 * Self.day)
            let current = try ensure(in: base, account: account)
            #expect(!exists(old), "a template unused for 30 days is kept")
            #expect(exists(recent + "/ready"), "a template used yesterday is removed")
            #expect(exists(current + "/PG_VERSION"))
        }
    }

    @Test func theCurrentTemplateIsKeptAndMarkedUsed() throws {
        try withBase { base, account in
            let data = try ensure(in: base, account: account)
            let directory = (data as NSString).deletingLastPathComponent
            date(directory + "/ready", ago: 30 * Self.day)
            date(data + "/PG_VERSION", ago: 30 * Self.day)
            #expect(try ensure(in: base, account: account) == data)
            #expect(exists(data + "/PG_VERSION"))
            let ready = try FileManager.default.attributesOfItem(atPath: directory + "/ready")[.modificationDate] as? Date
            #expect(
                ready.map { Date().timeIntervalSince($0) < 3600 } == true,
                "finding the template does not mark it used: \(String(describing: ready))")
        }
    }

    @Test func anotherUsersTemplateIsKept() throws {
        try #require(geteuid() == 0, "simulating another user's template needs chown, so root")
        try withBase { base, account in
            let theirs = try plant("template-u\(geteuid())-7e125", in: base, usedAgo: 30 * Self.day)
            for path in [theirs, theirs + "/data", theirs + "/data/PG_VERSION", theirs + "/ready"] {
                chown(path, Self.otherUser, Self.otherUser)
            }
            _ = try ensure(in: base, account: account)
            #expect(exists(theirs + "/ready"), "another user's directory was removed")
        }
    }

    @Test func somethingElseInTheBaseIsKept() throws {
        try withBase { base, account in
            let other = try plant("notes-01d", in: base, usedAgo: 30 * Self.day)
            _ = try ensure(in: base, account: account)
            #expect(exists(other + "/ready"))
        }
    }

    @Test func aTemplateBeingBuiltByALiveProcessIsKeptAnAbandonedOneRemoved() throws {
        try withBase { base, account in
            let building = try plant("building-\(getpid())-1", in: base, usedAgo: 30 * Self.day)
            try ProcessLiveness.currentOwnerToken.write(toFile: building + "/owner", atomically: true, encoding: .utf8)
            let dead = try deadPid()
            let abandoned = try plant("building-\(dead)-1", in: base, usedAgo: 30 * Self.day)
            try "\(dead) 1".write(toFile: abandoned + "/owner", atomically: true, encoding: .utf8)
            for directory in [building, abandoned] { date(directory, ago: 30 * Self.day) }
            _ = try ensure(in: base, account: account)
            AbandonedClusters.sweep(base: base)
            #expect(exists(building + "/ready"))
            #expect(!exists(abandoned))
        }
    }

    @Test func theAgeIsTheCallers() throws {
        try withBase { base, account in
            let current = try plant("template-u\(geteuid())-c0de", in: base, usedAgo: 3600)
            let unused = try plant("template-u\(geteuid())-01d", in: base, usedAgo: 120)
            let used = try plant("template-u\(geteuid())-2ecea7", in: base, usedAgo: 10)
            UnusedTemplates.sweep(base: base, current: current, account: account, unusedFor: 60)
            #expect(exists(current + "/ready"))
            #expect(!exists(unused))
            #expect(exists(used + "/ready"))
        }
    }

    /// A test suite that copies the server programs and deletes them after makes a template per run
    /// that nothing can use again: it goes once unused for ten minutes, not a week. One built by
    /// programs still in place, or used a minute ago, or from an rls that did not record its
    /// programs, stays.
    @Test func aTemplateWhoseServerProgramsAreGoneIsRemovedSoon() throws {
        try withBase { base, account in
            let installed = try ServerBinaries.locate()
            let gone = try plant("template-u\(geteuid())-90e", in: base, usedAgo: 3600)
            try "/tmp/rls-gone-\(getpid())/bin|9962496|1700000000".write(
                toFile: gone + "/" + UnusedTemplates.binariesFile, atomically: false, encoding: .utf8)
            let replaced = try plant("template-u\(geteuid())-2e9", in: base, usedAgo: 3600)
            try "\(installed.directory)|1|1".write(
                toFile: replaced + "/" + UnusedTemplates.binariesFile, atomically: false, encoding: .utf8)
            let recent = try plant("template-u\(geteuid())-2ece", in: base, usedAgo: 60)
            try "/tmp/rls-gone-\(getpid())/bin|9962496|1700000000".write(
                toFile: recent + "/" + UnusedTemplates.binariesFile, atomically: false, encoding: .utf8)
            let present = try plant("template-u\(geteuid())-e1d", in: base, usedAgo: 3600)
            try installed.fingerprint.write(toFile: present + "/" + UnusedTemplates.binariesFile, atomically: false, encoding: .utf8)
            let unrecorded = try plant("template-u\(geteuid())-01d", in: base, usedAgo: 3600)
            // Writing the file dated the directory now: back to when each was last used.
            for directory in [gone, replaced, present] { date(directory, ago: 3600) }
            date(recent, ago: 60)
            let current = try ensure(in: base, account: account)
            #expect(!exists(gone), "a template whose programs are gone is kept")
            #expect(!exists(replaced), "a template whose programs were replaced is kept")
            #expect(exists(recent + "/ready"), "a template used a minute ago is removed")
            #expect(exists(present + "/ready"), "a template whose programs are in place is removed")
            #expect(exists(unrecorded + "/ready"), "a template that does not name its programs is removed")
            let directory = (current as NSString).deletingLastPathComponent
            let recorded = try String(contentsOfFile: directory + "/" + UnusedTemplates.binariesFile, encoding: .utf8)
            #expect(recorded == installed.fingerprint)
            #expect(!UnusedTemplates.isOrphaned(directory))
        }
    }

    /// An rls from before templates were marked used never touches `ready`, but its `cp` reads the data.
    @Test func aTemplateAnOlderRlsStillCopiesIsKept() throws {
        try withBase { base, account in
            let copied = try plant("template-u\(geteuid())-01d", in: base, usedAgo: 30 * Self.day, readAgo: 3600)
            _ = try ensure(in: base, account: account)
            #expect(exists(copied + "/ready"))
        }
    }

    @Test func anInterruptedRemovalIsFinishedButNotAnotherProcesssOwn() throws {
        try withBase { base, account in
            let leftOver = try plant("removing-\(try deadPid())-1", in: base, usedAgo: 30 * Self.day)
            let underWay = try plant("removing-\(getpid())-1", in: base, usedAgo: 30 * Self.day)
            _ = try ensure(in: base, account: account)
            #expect(!exists(leftOver))
            #expect(exists(underWay + "/ready"))
        }
    }
}
