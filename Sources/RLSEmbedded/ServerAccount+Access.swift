import Foundation
import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

extension ServerAccount {
    /// True when this account can walk down to `path` (search permission on every ancestor),
    /// so the server can use a data directory below it. `/root` is the usual obstacle.
    func canReach(_ path: String) -> Bool {
        var current = URL(fileURLWithPath: path).standardizedFileURL
        var ancestors: [String] = []
        while current.path != "/" {
            current.deleteLastPathComponent()
            ancestors.append(current.path)
        }
        for ancestor in ancestors {
            var info = stat()
            guard stat(ancestor, &info) == 0 else { return false }
            let mode = info.st_mode
            let searchable: Bool
            if info.st_uid == uid {
                searchable = mode & S_IXUSR != 0
            } else if info.st_gid == gid {
                searchable = mode & S_IXGRP != 0
            } else {
                searchable = mode & S_IXOTH != 0
            }
            if !searchable { return false }
        }
        return true
    }
}
