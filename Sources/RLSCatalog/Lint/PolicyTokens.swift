/// A policy expression as the server prints it, cut into tokens in one pass over its scalars.
///
/// Lint reads calls and comparisons from the tokens rather than by regular expression over the text:
/// a string literal is one token however long it is, and what it says (`'auth.uid()'`) is never
/// taken for code. Offsets count Unicode scalars, so cutting the text never splits one.
struct PolicyTokens {
    /// What a token is.
    enum Kind: Equatable {
        /// An unquoted name or keyword: `owner_id`, `SELECT`, `auth`.
        case word
        /// A double-quoted name, quotes included: `"Owner"`.
        case quotedName
        /// A single-quoted string literal, quotes included: `'blue'`.
        case literal
        /// A number: `1`, `2.5`.
        case number
        /// Punctuation or an operator: `(`, `.`, `::`, `=`, `->>`.
        case symbol
    }

    /// One token: its kind, where it is, and whether white space comes before it.
    struct Token {
        let kind: Kind
        let range: Range<Int>
        let spaceBefore: Bool
    }

    /// The text's scalars, which ``Token/range`` indexes.
    let scalars: [Unicode.Scalar]
    /// The tokens in order.
    let tokens: [Token]

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        var spaceBefore = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                spaceBefore = true
                index += 1
                continue
            }
            let start = index
            let kind: Kind
            switch scalar {
            case "'", "\"":
                kind = scalar == "'" ? .literal : .quotedName
                index = Self.endOfQuoted(scalars, from: start, quote: scalar)
            case _ where Self.startsWord(scalar):
                kind = .word
                index += 1
                while index < scalars.count, Self.continuesWord(scalars[index]) { index += 1 }
            case "0"..."9":
                kind = .number
                index += 1
                while index < scalars.count, scalars[index] == "." || Self.continuesWord(scalars[index]) { index += 1 }
            case ":" where index + 1 < scalars.count && scalars[index + 1] == ":":
                kind = .symbol
                index += 2
            case _ where Self.operatorCharacters.contains(scalar):
                kind = .symbol
                index += 1
                while index < scalars.count, Self.operatorCharacters.contains(scalars[index]) { index += 1 }
            default:
                kind = .symbol
                index += 1
            }
            tokens.append(Token(kind: kind, range: start..<index, spaceBefore: spaceBefore))
            spaceBefore = false
        }
        self.scalars = scalars
        self.tokens = tokens
    }

    /// The text of `range` (scalar offsets).
    func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    /// The token at `index` is the symbol `symbol` (false past the end).
    func isSymbol(_ index: Int, _ symbol: String) -> Bool {
        index < tokens.count && tokens[index].kind == .symbol && text(tokens[index].range) == symbol
    }

    /// The token at `index` is the word `word`, in any case (false past the end).
    func isWord(_ index: Int, _ word: String) -> Bool {
        index < tokens.count && tokens[index].kind == .word && text(tokens[index].range).lowercased() == word
    }

    /// The token at `index` is a name, quoted or not (false past the end).
    func isName(_ index: Int) -> Bool {
        index < tokens.count && (tokens[index].kind == .word || tokens[index].kind == .quotedName)
    }

    /// The token before `index`, skipping opening parentheses, is the word `SELECT`: a call right
    /// after it, `( SELECT auth.uid() AS uid)`, is an initplan Postgres evaluates once per statement.
    func followsSelect(_ index: Int) -> Bool {
        var before = index - 1
        while before >= 0, isSymbol(before, "(") { before -= 1 }
        return before >= 0 && isWord(before, "select")
    }

    /// Past the closing quote of the quoted text starting at `start`; a doubled quote stays inside.
    private static func endOfQuoted(_ scalars: [Unicode.Scalar], from start: Int, quote: Unicode.Scalar) -> Int {
        var index = start + 1
        while index < scalars.count {
            if scalars[index] == quote {
                if index + 1 < scalars.count, scalars[index + 1] == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return index
    }

    private static let operatorCharacters: Set<Unicode.Scalar> = [
        "+", "-", "*", "/", "<", ">", "=", "~", "!", "@", "#", "%", "^", "&", "|", "`", "?",
    ]

    private static func startsWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar.value > 0x7F
    }

    private static func continuesWord(_ scalar: Unicode.Scalar) -> Bool {
        startsWord(scalar) || ("0"..."9").contains(scalar) || scalar == "$"
    }
}
