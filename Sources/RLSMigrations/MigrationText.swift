import RLSPostgres

/// The rule that a migration file is text: UTF-8, without NUL bytes, with a byte-order mark at
/// most at the very start (where it is dropped: it marks the encoding and is not SQL).
///
/// A NUL would end the statement early inside libpq, silently dropping the rest; invalid UTF-8 or a
/// mark in the middle means the file is not what its author's editor shows. Each is refused with the
/// byte offset, before anything runs.
///
/// ```swift
/// try MigrationText.decode(Array("select 1".utf8), path: "Migrations/x.sql")   // "select 1"
/// try MigrationText.decode([0x73, 0x00], path: "Migrations/x.sql")             // throws .notText(…, byteOffset: 1, …)
/// ```
enum MigrationText {
    /// The file's text without a leading byte-order mark; throws ``MigrationError/notText(_:byteOffset:reason:)``.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, path: String) throws -> String {
        let bytes = Array(bytes)
        // Fast path (a 50 MB file in milliseconds): no NUL, no mark after the start, valid UTF-8.
        let marked = firstNULOrLateMark(bytes)
        guard marked == nil, let text = String(validating: bytes, as: UTF8.self) else {
            // Where it goes wrong: invalid UTF-8 before the NUL or mark wins, as it comes first.
            let prefix = bytes[..<(marked ?? bytes.count)]
            if let marked, String(validating: prefix, as: UTF8.self) != nil {
                throw MigrationError.notText(
                    path, byteOffset: marked, reason: bytes[marked] == 0 ? "a NUL byte" : "a byte-order mark (U+FEFF) after the start")
            }
            let (offset, reason) = firstProblem(in: prefix) ?? (0, "bytes that are not valid UTF-8")
            throw MigrationError.notText(path, byteOffset: offset, reason: reason)
        }
        return text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// The text without a leading byte-order mark; throws ``MigrationError/notText(_:byteOffset:reason:)``.
    ///
    /// A `String` is valid UTF-8 already (a file that ``MigrationDirectory`` decoded): only the NUL
    /// and mark rules are checked, on its own bytes, without a copy.
    static func decode(_ text: String, path: String) throws -> String {
        let marked = text.utf8.withContiguousStorageIfAvailable { firstNULOrLateMark($0) }
        guard let marked, marked == nil else { return try decode(text.utf8, path: path) }
        return text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// The offset of the first NUL byte or byte-order mark after the start: one pass over the bytes.
    private static func firstNULOrLateMark(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstNULOrLateMark($0) }
    }

    private static func firstNULOrLateMark(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte == 0 { return index }
            if byte == 0xEF, index > 0, index + 2 < buffer.count, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The byte offset and kind of the first problem, or nil for valid text.
    static func firstProblem<Bytes: Collection<UInt8>>(in bytes: Bytes) -> (Int, String)? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalarStart = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\0" { return (scalarStart, "a NUL byte") }
                if scalar == "\u{FEFF}", scalarStart != 0 { return (scalarStart, "a byte-order mark (U+FEFF) after the start") }
                offset += UTF8.width(scalar)
                scalarStart = offset
            case .emptyInput:
                return nil
            case .error:
                return (scalarStart, "bytes that are not valid UTF-8")
            }
        }
    }
}
