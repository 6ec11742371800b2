import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

extension MigrationDirectory {
    /// The names of the folder's migration files, sorted. Every entry that could be a migration is
    /// one or is refused, naming it: nothing that looks like a migration is skipped, and nothing is
    /// followed or read on the way.
    ///
    /// - A name that is not UTF-8 is refused (``MigrationError/fileNameNotUTF8(_:directory:)``):
    ///   rls cannot tell what it is.
    /// - Hidden names (`.gitkeep`, `.DS_Store`) and names that neither start with a 14-digit version
    ///   nor end in `.sql` (any case) are not migrations: ignored (a README, an `archive/` folder).
    /// - Every other entry must be a regular file (not a link: ``MigrationError/symbolicLink(_:)``;
    ///   not a folder or device: ``MigrationError/notRegularFile(_:kind:)``) named exactly
    ///   `YYYYMMDDHHMMSS_name.sql` (``MigrationError/badFileName(_:directory:)``).
    func migrationFileNames() throws -> [String] {
        var names: [String] = []
        for raw in try entryNames() {
            guard let name = String(validating: raw, as: UTF8.self) else {
                throw MigrationError.fileNameNotUTF8(raw, directory: path)
            }
            guard Self.looksLikeMigration(name) else { continue }
            let filePath = self.filePath(name)
            var info = stat()
            guard lstat(filePath, &info) == 0 else {
                throw MigrationError.unreadable(filePath, reason: String(cString: strerror(errno)))
            }
            try Self.requireRegularFile(mode: info.st_mode, path: filePath)
            _ = try MigrationFile.parse(fileName: name, directory: path.hasSuffix("/") ? String(path.dropLast()) : path)
            names.append(name)
        }
        return names.sorted()
    }

    /// Whether `name` is meant as a migration: not hidden, and starting with a 14-digit version or
    /// ending in `.sql` in any case (`.SQL`, a version with a typo, `.sql.txt`).
    static func looksLikeMigration(_ name: String) -> Bool {
        guard !name.hasPrefix(".") else { return false }
        let scalars = name.unicodeScalars
        let versioned = scalars.count >= 14 && scalars.prefix(14).allSatisfy { ("0"..."9").contains($0) }
        return versioned || name.lowercased().hasSuffix(".sql")
    }

    /// Every name in the folder but `.` and `..`, as the bytes the file system holds. Not
    /// `FileManager.contentsOfDirectory`: on Linux it drops or alters a name that is not UTF-8, and
    /// such a migration would be skipped without a word.
    func entryNames() throws -> [[UInt8]] {
        guard let stream = opendir(path) else {
            throw MigrationError.unreadable(path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        if errno != 0 { throw MigrationError.unreadable(path, reason: String(cString: strerror(errno))) }
        return names
    }

    /// Refuses anything but a regular file: a symbolic link (never followed, wherever it points), a
    /// folder, a FIFO, a socket or a device.
    static func requireRegularFile(mode: mode_t, path: String) throws {
        switch mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw MigrationError.symbolicLink(path)
        case S_IFDIR: throw MigrationError.notRegularFile(path, kind: "a folder")
        default: throw MigrationError.notRegularFile(path, kind: "a FIFO, socket or device")
        }
    }

    /// The bytes of the regular file at `filePath`, opened with `O_NOFOLLOW` and checked again once
    /// open, so a file swapped for a link or a FIFO after the folder was listed is refused too.
    static func readRegularFile(_ filePath: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer before fstat could refuse it.
        let descriptor = open(filePath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw MigrationError.symbolicLink(filePath) }
            throw MigrationError.unreadable(filePath, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw MigrationError.unreadable(filePath, reason: String(cString: strerror(errno)))
        }
        try requireRegularFile(mode: info.st_mode, path: filePath)
        // One buffer of the file's size (and a byte, to see that it ended): no copy while reading.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 1 << 16))) }
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read > 0 {
                count += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                throw MigrationError.unreadable(filePath, reason: String(cString: strerror(errno)))
            }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
