import Foundation
import RLSDatabase

/// The commit of the git checkout a command runs in, for pages that say what they were proven
/// against: `1a2b3c4d5e6f`, with ` plus uncommitted changes` when the work tree differs from it.
/// Nil when git is missing or the folder is not in a checkout: the page then names no commit.
enum GitCommit {
    static func describe(in directory: String) -> String? {
        guard let commit = git(["rev-parse", "--short=12", "HEAD"], in: directory), !commit.isEmpty else { return nil }
        let status = git(["status", "--porcelain"], in: directory) ?? ""
        return status.isEmpty ? commit : commit + " plus uncommitted changes"
    }

    private static func git(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        process.environment = ChildEnvironment.git()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
