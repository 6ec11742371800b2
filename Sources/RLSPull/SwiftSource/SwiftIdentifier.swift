/// Swift names for generated properties and files: `listing_photo` → `listingPhoto`.
public enum SwiftIdentifier {
    /// Lower camel case of the letters and digits in `parts`, never starting with a digit.
    static func camelCase(_ parts: [String]) -> String {
        let words = parts.flatMap { $0.split { !($0.isLetter || $0.isNumber) || !$0.isASCII } }.map(String.init)
        var result = ""
        for word in words {
            result += result.isEmpty ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        if result.isEmpty || result.first!.isNumber { result = "t" + result }
        return result
    }

    /// True when `name` can name a Swift type: an ASCII letter, then letters, digits or `_`; not a
    /// Swift keyword (`class`, `Self`) nor a DSL type the generated files use.
    public static func isTypeName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !["Schema", "Table", "Column", "Policy", "Function", "Trigger", "View", "Index", "Role", "SQL"].contains(name)
            && !keywords.contains(name)
    }

    /// Swift's reserved words, and the type names the language itself claims.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "precedencegroup", "private",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try",
        "any", "some", "Any", "Self", "Type", "Protocol", "Sendable", "String", "Int", "Bool", "Never", "Optional",
    ]
}
