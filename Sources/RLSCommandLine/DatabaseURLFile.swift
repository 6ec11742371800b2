import Foundation
import RLSDatabase

/// `--database-url-file PATH`: the database's URL read from a file, so its password is on no command
/// line (`ps` and `/proc/PID/cmdline` show every process's arguments to every local user).
///
/// The file holds the URL alone; surrounding blank lines and spaces are ignored. A file other users
/// may read is used with a warning (a CI secret mounted read-only is often mode 0444), the way a
/// loose SSH config is reported rather than ignored.
enum DatabaseURLFile {
    static func read(_ path: String, warnings console: Console) throws -> String {
        let shown = path.escapedForDisplay
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            let reason =
                !FileManager.default.fileExists(atPath: path) ? "no such file" : isDirectory.boolValue ? "it is a folder" : "not readable"
            throw CommandError(
                "Could not read the database URL from \(shown) (\(reason)). Write the URL "
                    + "(postgres://user:password@host:5432/db) to that file, or set DATABASE_URL.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError("\(shown) is not UTF-8 text; write the database URL alone to it.")
        }
        let url = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !url.isEmpty else {
            throw CommandError(
                "\(shown) (--database-url-file) is empty. Write the database's URL to it, "
                    + "or leave the option out to use a throwaway local database.")
        }
        // Never quoted back: a second line may be anything, a password among it.
        guard !url.contains(where: \.isNewline) else {
            throw CommandError("\(shown) holds more than one line; write the database URL alone to it.")
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o044 != 0 {
            console.error(
                "warning: other users can read \(shown) (mode \(String(info.st_mode & 0o777, radix: 8))), "
                    + "and with it the database password; `chmod 600` it.")
        }
        return url
    }
}
