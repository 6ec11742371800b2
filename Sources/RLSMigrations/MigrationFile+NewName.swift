import Foundation
import RLSPostgres

extension MigrationFile {
    /// The file name for a new migration: `<14-digit UTC timestamp>_<slug>.sql`, where the slug is
    /// `name` lowercased with every run of other characters turned into one `_`.
    ///
    /// ```swift
    /// try MigrationFile.fileName(for: "Add saved listings!", at: date)   // "20261122153000_add_saved_listings.sql"
    /// ```
    /// Throws ``MigrationError/invalidName(_:)`` when `name` has no letter or digit.
    public static func fileName(for name: String, at date: Date = Date()) throws -> String {
        "\(version(at: date))_\(try slug(name)).sql"
    }

    /// The 14-digit UTC timestamp `YYYYMMDDHHMMSS` of `date`.
    public static func version(at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let fields = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? 0 }
        let widths = [4, 2, 2, 2, 2, 2]
        return zip(fields, widths).map { field, width in
            let digits = String(field)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }.joined()
    }

    /// `"Add saved listings!"` → `"add_saved_listings"`; ASCII letters and digits only, at most 80.
    static func slug(_ name: String) throws -> String {
        var slug = ""
        var pendingSeparator = false
        for scalar in name.unicodeScalars {
            let isWordCharacter = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            if isWordCharacter {
                if pendingSeparator, !slug.isEmpty { slug.append("_") }
                slug.unicodeScalars.append(scalar)
                pendingSeparator = false
            } else {
                pendingSeparator = true
            }
        }
        slug = slug.lowercased()
        guard !slug.isEmpty else { throw MigrationError.invalidName(name) }
        return String(slug.prefix(80))
    }
}
