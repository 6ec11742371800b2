/// Swift string literals for text read from a database, exact whatever it holds.
enum SwiftLiteral {
    /// `"it's \"quoted\""`; a multi-line raw literal (`#"""` ... `"""#`) when the text has line breaks.
    static func string(_ text: String, indent: String = "") -> String {
        if text.contains("\n") || text.contains("\r") { return multiline(text, indent: indent) }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A raw multi-line literal whose delimiter has enough `#` that nothing inside closes it;
    /// `indent` is the indentation of the closing delimiter, added to every line.
    static func multiline(_ text: String, indent: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        // A raw multi-line literal drops one final line break and cannot keep a lone carriage return,
        // so those are spelled as interpolated escapes.
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var escaped = line.replacingOccurrences(of: "\r", with: "\\\(hashes)(\"\\r\")")
            if escaped.hasSuffix(" ") || escaped.hasSuffix("\t") { escaped += "\\\(hashes)(\"\")" }
            lines.append(escaped.isEmpty ? "" : indent + escaped)
        }
        return "\(hashes)\"\"\"\n" + lines.joined(separator: "\n") + "\n\(indent)\"\"\"\(hashes)"
    }
}
