/// Expressions as the server prints them, made the same before and after a re-parse.
///
/// `x between 3 and 24 and y` is stored as an AND whose first operand is another AND, and printed
/// `(((x >= 3) AND (x <= 24)) AND y)`; that text, parsed again, is one AND of three operands and is
/// printed `((x >= 3) AND (x <= 24) AND y)`. So a check constraint or policy read back from a
/// database, written into a baseline or the DSL and created again, differs in text only. Reading
/// both sides through ``canonical(_:)`` (an AND inside an AND, or an OR inside an OR, flattened, as
/// the parser does) makes them compare equal, and the text is what a replay creates anyway.
public enum PrintedExpression {
    /// `text` with each parenthesised AND (OR) operand of an AND (OR) merged into it.
    public static func canonical(_ text: String) -> String {
        let characters = Array(text)
        var index = 0
        return flattened(parse(characters, &index, closing: false))
    }

    /// The text up to the parenthesis closing the current group (or the end), with every group
    /// inside it already canonical; `index` is left after that parenthesis.
    private static func parse(_ characters: [Character], _ index: inout Int, closing: Bool) -> String {
        var result = ""
        while index < characters.count {
            let character = characters[index]
            if character == "'" || character == "\"" {
                // A literal or quoted identifier, with its doubled quotes, as it is.
                result.append(character)
                index += 1
                while index < characters.count {
                    result.append(characters[index])
                    if characters[index] == character {
                        if index + 1 < characters.count, characters[index + 1] == character {
                            result.append(character)
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
            if character == "(" {
                result += "(" + flattened(parse(characters, &index, closing: true)) + ")"
            } else if character == ")", closing {
                return result
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `text` (canonical groups inside) with operands that are groups of the same connective inlined.
    private static func flattened(_ text: String) -> String {
        for connective in [" AND ", " OR "] {
            let operands = split(text, on: connective)
            guard operands.count > 1 else { continue }
            return operands.flatMap { operand -> [String] in
                guard operand.hasPrefix("("), operand.hasSuffix(")"), enclosesAll(operand) else { return [operand] }
                let inner = split(String(operand.dropFirst().dropLast()), on: connective)
                return inner.count > 1 ? inner : [operand]
            }.joined(separator: connective)
        }
        return text
    }

    /// `text` split on `separator` where it is outside parentheses and quotes.
    private static func split(_ text: String, on separator: String) -> [String] {
        let characters = Array(text)
        let pattern = Array(separator)
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
            } else if depth == 0, index + pattern.count <= characters.count, Array(characters[index..<index + pattern.count]) == pattern {
                parts.append(current)
                current = ""
                index += pattern.count
                continue
            }
            current.append(character)
            index += 1
        }
        parts.append(current)
        return parts
    }

    /// Whether the first parenthesis of `text` closes at its last character (quotes skipped).
    private static func enclosesAll(_ text: String) -> Bool {
        var depth = 0
        var quote: Character?
        let characters = Array(text)
        for (offset, character) in characters.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "'" || character == "\"" { quote = character }
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { return offset == characters.count - 1 }
        }
        return false
    }
}
