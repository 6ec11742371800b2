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
        let hasNUL = bytes.contains(0)
        let hasLateMark = bytes.count > 3 && (1..<(bytes.count - 2)).contains {
            bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBB && bytes[$0 + 2] == 0xBF
        }
        guard !hasNUL, !hasLateMark, let text = String(validating: bytes, as: UTF8.self) else {
            let (offset, reason) = firstProblem(in: bytes) ?? (0, "bytes that are not valid UTF-8")
            throw MigrationError.notText(path, byteOffset: offset, reason: reason)
        }
        return text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
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
