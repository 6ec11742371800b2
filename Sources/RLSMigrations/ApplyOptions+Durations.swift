import Foundation
import RLSPostgres

extension ApplyOptions {
    /// Reads a timeout as a user types it on the command line: `250ms`, `5s`, `2min` (or `2m`),
    /// or a bare number of seconds; `nil` for anything else, zero, negative, or longer than PostgreSQL's
    /// timeouts allow (2147483647 ms, about 24 days).
    ///
    /// ```swift
    /// ApplyOptions.duration(from: "3s")      // .seconds(3)
    /// ApplyOptions.duration(from: "1500ms")  // .milliseconds(1500)
    /// ```
    public static func duration(from text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("min", 60_000), ("m", 60_000), ("s", 1000), ("", 1000)]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value > 0, value.isFinite else { continue }
            let milliseconds = (value * unit.milliseconds).rounded()
            guard milliseconds <= Double(Int32.max) else { return nil }
            return .milliseconds(Int64(max(milliseconds, 1)))
        }
        return nil
    }
}
