/// A JSON value that prints with its keys in the order given, so reports are stable byte for byte.
/// Values are built from `Encodable` ones by ``OrderedJSONEncoder``; this is only the writer.
///
/// ```swift
/// JSONValue.object([("full_name", .string("Ada \"Countess\""))]).compactText
/// // {"full_name":"Ada \"Countess\""}
/// ```
public enum JSONValue: Sendable {
    /// A string, written with ``quoteJSONString(_:)``.
    case string(String)
    /// A number, written to millisecond precision (timings).
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object, its keys in the order given.
    case object([(String, JSONValue)])

    /// Pretty-printed with two-space indentation.
    public func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let value): return quoteJSONString(value)
        case .number(let value): return Self.rounded(value)
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            return "[\n" + values.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let pairs):
            guard !pairs.isEmpty else { return "{}" }
            return "{\n" + pairs.map { inner + quoteJSONString($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
                + "\n\(indent)}"
        }
    }

    /// On one line with no spaces, as a JWT's claims are written.
    public var compactText: String {
        switch self {
        case .array(let values): "[" + values.map(\.compactText).joined(separator: ",") + "]"
        case .object(let pairs): "{" + pairs.map { quoteJSONString($0.0) + ":" + $0.1.compactText }.joined(separator: ",") + "}"
        default: text()
        }
    }

    /// Milliseconds precision is plenty for timings.
    private static func rounded(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }
}
