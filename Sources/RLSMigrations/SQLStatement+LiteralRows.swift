import RLSPostgres

extension SQLStatement {
    /// For `INSERT INTO name [(columns)] VALUES (…), (…)` whose values are all literals (strings,
    /// numbers, an optional sign, `NULL`, `TRUE`, `FALSE`, `DEFAULT`) and that has nothing after its
    /// rows, the table's name parts as PostgreSQL folds them (`["public", "seed_data"]`); nil for any
    /// other statement, a function call, a cast or a sub-select among the values included.
    ///
    /// Such a statement adds rows to that one table and does nothing else, unless a trigger or rule
    /// on the table does: what a replay that only reads the catalog may leave out (see
    /// `Connection.replay`).
    ///
    /// ```swift
    /// SQLStatement.split("insert into public.seed (id, body) values (1, 'a'), (2, null)")[0].literalRowsTable
    /// // ["public", "seed"]
    /// SQLStatement.split("insert into seed values (now())")[0].literalRowsTable   // nil
    /// ```
    static func literalRowsTable(of tokens: [SQLToken]) -> [String]? {
        guard tokens.count >= 6, tokens[0].isWord("INSERT"), tokens[1].isWord("INTO") else { return nil }
        var index = 2
        var name: [String] = []
        while index < tokens.count, let part = namePart(tokens[index]) {
            name.append(part)
            index += 1
            guard index < tokens.count, tokens[index].kind == .other, tokens[index].text == "." else { break }
            index += 1
        }
        guard (1...2).contains(name.count), tokens[index - 1].kind != .other, index < tokens.count else { return nil }
        if tokens[index].kind == .openParenthesis {
            guard parenthesized(tokens, &index, { namePart($0) != nil }) else { return nil }
        }
        guard index < tokens.count, tokens[index].isWord("VALUES") else { return nil }
        index += 1
        while parenthesized(tokens, &index, isLiteral) {
            if index == tokens.count { return name }
            guard tokens[index].kind == .comma else { return nil }
            index += 1
        }
        return nil
    }

    /// Reads `( item, … )` at `index`, each item one token (or a sign and a number) that `isItem`
    /// accepts, and moves past it; false when what is there is anything else.
    private static func parenthesized(_ tokens: [SQLToken], _ index: inout Int, _ isItem: (SQLToken) -> Bool) -> Bool {
        guard index < tokens.count, tokens[index].kind == .openParenthesis else { return false }
        index += 1
        while index < tokens.count {
            if tokens[index].kind == .other, tokens[index].text == "-" || tokens[index].text == "+" { index += 1 }
            guard index < tokens.count, isItem(tokens[index]) else { return false }
            if tokens[index - 1].kind == .other, tokens[index].kind != .number { return false }
            index += 1
            guard index < tokens.count else { return false }
            if tokens[index].kind == .closeParenthesis {
                index += 1
                return true
            }
            guard tokens[index].kind == .comma else { return false }
            index += 1
        }
        return false
    }

    /// An unquoted name folded to lower case as PostgreSQL folds it, or a quoted name as written.
    private static func namePart(_ token: SQLToken) -> String? {
        switch token.kind {
        case .word: token.text.lowercased()
        case .quotedIdentifier: token.text
        default: nil
        }
    }

    private static func isLiteral(_ token: SQLToken) -> Bool {
        switch token.kind {
        case .string: true
        case .number: token.text != "$"  // `$1`: a parameter, which a migration cannot have
        case .word: token.text == "NULL" || token.text == "TRUE" || token.text == "FALSE" || token.text == "DEFAULT"
        default: false
        }
    }
}
