/// Expressions as the server prints them, made the same before and after a re-parse.
///
/// `x between 3 and 24 and y` is stored as an AND whose first operand is another AND, and printed
/// `(((x >= 3) AND (x <= 24)) AND y)`; that text, parsed again, is one AND of three operands and is
/// printed `((x >= 3) AND (x <= 24) AND y)`. So a check constraint or policy read back from a
/// database, written into a baseline or the DSL and created again, differs in text only. Reading
/// both sides through ``canonical(_:)`` (an AND inside an AND, or an OR inside an OR, flattened, as
/// the parser does) makes them compare equal, and the text is what a replay creates anyway.
///
/// It works on the UTF-8 bytes: every character it looks for (parentheses, quotes, the spaces and
/// letters of ` AND ` and ` OR `) is ASCII, and no byte of a longer character is. Every policy and
/// check constraint of a catalog read goes through it, 4,000 policies for 1,000 tables.
public enum PrintedExpression {
    private static let and = Array(" AND ".utf8)
    private static let or = Array(" OR ".utf8)

    /// `text` with each parenthesised AND (OR) operand of an AND (OR) merged into it.
    public static func canonical(_ text: String) -> String {
        let bytes = Array(text.utf8)
        // Most expressions (`(owner_id = auth.uid())`) have nothing to merge: returned as they are.
        if !mentionsConnective(bytes) { return text }
        var index = 0
        return String(decoding: flattened(parse(bytes, &index, closing: false)), as: UTF8.self)
    }

    /// Whether `bytes` holds ` AND ` or ` OR `, or a parenthesis left open (which ``parse(_:_:closing:)``
    /// closes): whether the text may read differently once canonical.
    private static func mentionsConnective(_ bytes: [UInt8]) -> Bool {
        var depth = 0
        var quote: UInt8?
        for index in bytes.indices {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""): quote = byte
            case UInt8(ascii: "("): depth += 1
            // At the top, a `)` closes nothing and stays as it is.
            case UInt8(ascii: ")"): depth = max(0, depth - 1)
            case UInt8(ascii: " ") where starts(bytes, at: index, with: and) || starts(bytes, at: index, with: or): return true
            default: break
            }
        }
        return depth > 0
    }

    /// The text up to the parenthesis closing the current group (or the end), with every group
    /// inside it already canonical; `index` is left after that parenthesis.
    private static func parse(_ bytes: [UInt8], _ index: inout Int, closing: Bool) -> [UInt8] {
        var result: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                // A literal or quoted identifier, with its doubled quotes, as it is.
                result.append(byte)
                index += 1
                while index < bytes.count {
                    result.append(bytes[index])
                    if bytes[index] == byte {
                        if index + 1 < bytes.count, bytes[index + 1] == byte {
                            result.append(byte)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
                continue
            }
            index += 1
            if byte == UInt8(ascii: "(") {
                result.append(byte)
                result += flattened(parse(bytes, &index, closing: true))
                result.append(UInt8(ascii: ")"))
            } else if byte == UInt8(ascii: ")"), closing {
                return result
            } else {
                result.append(byte)
            }
        }
        return result
    }

    /// `text` (canonical groups inside) with operands that are groups of the same connective inlined.
    private static func flattened(_ text: [UInt8]) -> [UInt8] {
        for connective in [and, or] {
            let operands = split(text[...], on: connective)
            guard operands.count > 1 else { continue }
            let merged = operands.flatMap { operand -> [ArraySlice<UInt8>] in
                guard operand.first == UInt8(ascii: "("), operand.last == UInt8(ascii: ")"), enclosesAll(operand) else { return [operand] }
                let inner = split(operand.dropFirst().dropLast(), on: connective)
                return inner.count > 1 ? inner : [operand]
            }
            return Array(merged.joined(separator: connective))
        }
        return text
    }

    /// `text` split on `separator` where it is outside parentheses and quotes.
    private static func split(_ text: ArraySlice<UInt8>, on separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        var depth = 0
        var quote: UInt8?
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
            } else if depth == 0, starts(text, at: index, with: separator) {
                parts.append(text[start..<index])
                index += separator.count
                start = index
                continue
            }
            index += 1
        }
        parts.append(text[start..<text.endIndex])
        return parts
    }

    /// Whether `bytes` holds `pattern` at `index`.
    private static func starts<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Bytes.Index, with pattern: [UInt8]) -> Bool
    where Bytes.Index == Int {
        guard bytes.endIndex - index >= pattern.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    /// Whether the first parenthesis of `text` closes at its last byte (quotes skipped).
    private static func enclosesAll(_ text: ArraySlice<UInt8>) -> Bool {
        var depth = 0
        var quote: UInt8?
        for index in text.indices {
            let byte = text[index]
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { quote = byte }
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            if depth == 0 { return index == text.endIndex - 1 }
        }
        return false
    }
}
