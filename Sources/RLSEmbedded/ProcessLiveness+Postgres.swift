import Foundation
import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessLiveness {
    /// True only when `pid` is a `postgres` server on `dataDirectory`, run by us or by the server
    /// account: a pid file is just text that anyone able to write it could point at any process, so
    /// it is never reason enough to send a signal.
    static func isOurPostgres(_ pid: Int32, dataDirectory: String, account: ServerAccount?) -> Bool {
        guard pid > 0, isAlive(pid),
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let uidLine = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") })
        else { return false }
        // Uid: real, effective, saved, file system.
        let uids = uidLine.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().compactMap { uid_t($0) }
        guard let effective = uids.dropFirst().first, effective == geteuid() || effective == account?.uid else { return false }
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let program = arguments.first, (program as NSString).lastPathComponent == "postgres",
            let flag = arguments.firstIndex(of: "-D"), flag + 1 < arguments.count
        else { return false }
        return standardized(arguments[flag + 1]) == standardized(dataDirectory)
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
