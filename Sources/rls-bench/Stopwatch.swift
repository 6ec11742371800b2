import Foundation

/// Wall-clock timing and number formatting for benchmark lines.
enum Stopwatch {
    /// Seconds `body` took.
    static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// `123 ms`.
    static func ms(_ seconds: Double) -> String {
        String(format: "%.0f ms", seconds * 1000)
    }

    /// `number` right-aligned in `width` characters.
    static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
