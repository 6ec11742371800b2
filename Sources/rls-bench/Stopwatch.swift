import Foundation

/// Wall-clock timing and number formatting for benchmark lines.
enum Stopwatch {
    /// Seconds `body` took.
    static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The middle of `times` once sorted (the upper of the two middle ones for an even count), NaN for none.
    static func median(_ times: [Double]) -> Double {
        times.isEmpty ? .nan : times.sorted()[times.count / 2]
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
