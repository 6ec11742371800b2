import Foundation
import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

extension DevClusterLayout {
    /// The file `rls dev start` and `stop` lock while they change the cluster.
    var lockPath: String { root + "/lock" }

    /// Runs `body` holding an exclusive `flock` on ``lockPath``, waiting for another `rls dev start`
    /// or `stop` of this project to finish first. The kernel drops the lock when its holder dies,
    /// so an interrupted start never leaves the project locked.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        while true {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw EmbeddedClusterError(kind: .fileSystem, message: "Could not open \(lockPath) (errno \(errno)).")
            }
            defer { close(descriptor) }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    throw EmbeddedClusterError(kind: .fileSystem, message: "Could not lock \(lockPath) (errno \(errno)).")
                }
            }
            // `dev stop --remove-data` deletes the folder, lock file included, while a start waits on it:
            // a lock on a removed file guards nothing, so take the lock again on the file now there.
            var held = stat()
            var current = stat()
            guard fstat(descriptor, &held) == 0, stat(lockPath, &current) == 0, held.st_ino == current.st_ino,
                held.st_dev == current.st_dev
            else { continue }
            return try body()
        }
    }
}
