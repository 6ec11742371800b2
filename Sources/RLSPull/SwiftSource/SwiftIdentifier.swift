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

    /// True when `name` can name a Swift type: an ASCII letter, then letters, digits or `_`.
    public static func isTypeName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !["Schema", "Table", "Column", "Policy", "Function", "Trigger", "View", "Index", "Role", "SQL"].contains(name)
    }
}
