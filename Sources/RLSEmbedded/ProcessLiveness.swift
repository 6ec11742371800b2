import Foundation
import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a process (by pid) still runs, robust against zombies and pid reuse.
enum ProcessLiveness {
    /// The process's start time in clock ticks since boot (`/proc/<pid>/stat` field 22), `nil` if it is gone.
    static func startTime(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // The command name in parentheses may contain spaces, so split only after it.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return String(fields[19])
    }

    /// True when the process exists and is not a zombie.
    static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        if FileManager.default.fileExists(atPath: "/proc/self/stat") {
            return startTime(of: pid) != nil
        }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// A token for this process: "pid starttime", so a recycled pid is not mistaken for us.
    static var currentOwnerToken: String {
        let pid = getpid()
        return "\(pid) \(startTime(of: pid) ?? "0")"
    }

    /// True when the process named by an owner token is still the same, running process.
    static func isAlive(ownerToken: String) -> Bool {
        let parts = ownerToken.split(separator: " ")
        guard let first = parts.first, let pid = Int32(first) else { return false }
        guard isAlive(pid) else { return false }
        guard parts.count > 1, let recorded = Optional(String(parts[1])), recorded != "0" else { return true }
        return startTime(of: pid).map { $0 == recorded } ?? true
    }

    /// Sends `signal` and waits up to `timeout` seconds for the process to end; escalates to SIGKILL.
    static func terminate(_ pid: Int32, signal: Int32, timeout: TimeInterval = 5) {
        guard pid > 0, isAlive(pid) else { return }
        kill(pid, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while isAlive(pid) {
            if Date() > deadline {
                kill(pid, SIGKILL)
                Thread.sleep(forTimeInterval: 0.05)
                return
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }
}
