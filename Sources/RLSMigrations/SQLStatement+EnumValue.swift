import RLSPostgres

extension SQLStatement {
    /// The enum type an `ALTER TYPE name ADD VALUE …` adds a value to (its last name part, folded as
    /// PostgreSQL folds names), or nil for any other statement.
    ///
    /// PostgreSQL refuses to use a new enum value in the transaction that added it (55P04), so these
    /// statements run in a transaction of their own before the rest (see ``TransactionModel``).
    static func enumValueType(of tokens: [SQLToken]) -> String? {
        guard tokens.count > 4, tokens[0].isWord("ALTER"), tokens[1].isWord("TYPE") else { return nil }
        guard let add = tokens.firstIndex(where: { $0.isWord("ADD") }), add + 1 < tokens.count,
            tokens[add + 1].isWord("VALUE"), add >= 3
        else { return nil }
        return nameKey(tokens[add - 1])
    }

    /// The type a `CREATE TYPE name AS ENUM (…)` creates (its last name part, folded), or nil.
    static func createdEnumType(of tokens: [SQLToken]) -> String? {
        guard tokens.count > 4, tokens[0].isWord("CREATE"), tokens[1].isWord("TYPE") else { return nil }
        guard let asIndex = tokens.firstIndex(where: { $0.isWord("AS") }), asIndex + 1 < tokens.count,
            tokens[asIndex + 1].isWord("ENUM"), asIndex >= 3
        else { return nil }
        return nameKey(tokens[asIndex - 1])
    }

    /// `Mood` and `mood` are one name; `"Mood"` is another.
    private static func nameKey(_ token: SQLToken) -> String? {
        switch token.kind {
        case .word: token.text.lowercased()
        case .quotedIdentifier: token.text
        default: nil
        }
    }

    /// The statement with `IF NOT EXISTS` after `ADD VALUE` (unless it has it), so that running it
    /// again after a later failure finds the value there instead of failing.
    ///
    /// ```swift
    /// // "alter type mood add value 'calm'" → "alter type mood add value IF NOT EXISTS 'calm'"
    /// ```
    package var repeatableEnumValueText: String {
        let tokens = SQLScanner.tokens(in: text)
        guard let add = tokens.firstIndex(where: { $0.isWord("ADD") }), add + 2 < tokens.count,
            tokens[add + 1].isWord("VALUE"), !tokens[add + 2].isWord("IF")
        else { return text }
        let bytes = Array(text.utf8)
        let cut = tokens[add + 1].end
        return String(decoding: bytes[..<cut], as: UTF8.self) + " IF NOT EXISTS" + String(decoding: bytes[cut...], as: UTF8.self)
    }
}
