// The one JSON string writer: every JSON the package writes (reports, JWT claims, auth.users
// metadata) quotes its strings here, through ``JSONValue``.

/// `text` as a JSON string, quotes included: `"a \"b\""`. Control characters are escaped, the rest
/// is written as it is.
public func quoteJSONString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
