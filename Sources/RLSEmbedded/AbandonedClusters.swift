import Foundation
import RLSPostgres

/// Removes clusters and half-built templates whose owning process has died (a killed run, a crash).
enum AbandonedClusters {
    /// Stops each abandoned cluster's server and deletes its directory. Errors are ignored: it is housekeeping.
    static func sweep(base: String) {
        let files = FileManager.default
        guard let entries = try? files.contentsOfDirectory(atPath: base) else { return }
        let account = try? ServerAccount.forCurrentUser()
        for entry in entries where entry.hasPrefix("cluster-") || entry.hasPrefix("building-") {
            let directory = "\(base)/\(entry)"
            // Another user's entry is neither trusted nor touched.
            guard PrivateDirectory.isOurs(directory, account: account), isAbandoned(directory) else { continue }
            if let postmaster = postmasterPid(dataDirectory: directory + "/data") {
                // Immediate shutdown: the data is being thrown away anyway.
                ProcessLiveness.terminate(postmaster, signal: SIGQUIT)
            }
            try? files.removeItem(atPath: directory)
        }
    }

    static func isAbandoned(_ directory: String) -> Bool {
        if let token = try? String(contentsOfFile: directory + "/owner", encoding: .utf8) {
            return !ProcessLiveness.isAlive(ownerToken: token.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // No owner file: either being created this instant or left by a crash between mkdir and write.
        let modified = (try? FileManager.default.attributesOfItem(atPath: directory))?[.modificationDate] as? Date
        return modified.map { Date().timeIntervalSince($0) > 300 } ?? false
    }

    /// The postmaster pid from `postmaster.pid`, if that process still runs and is provably the
    /// `postgres` we (or the server account) started on `dataDirectory`; nil for anything else, so
    /// a planted pid file can never make us signal someone else's process.
    static func postmasterPid(dataDirectory: String) -> Int32? {
        let account = try? ServerAccount.forCurrentUser()
        let pidFile = dataDirectory + "/postmaster.pid"
        guard PrivateDirectory.isOurs(pidFile, account: account),
            let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let line = text.split(separator: "\n").first, let pid = Int32(line),
            ProcessLiveness.isOurPostgres(pid, dataDirectory: dataDirectory, account: account)
        else { return nil }
        return pid
    }
}
