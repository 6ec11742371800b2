import RLSPostgres

extension SQLStatement {
    /// The ways a statement with these tokens can lose data.
    static func destructiveKinds(of tokens: [SQLToken]) -> [DestructiveKind] {
        guard let first = tokens.first, first.kind == .word else { return [] }
        switch first.text {
        case "DROP":
            guard tokens.count > 1 else { return [] }
            switch tokens[1].text {
            case "TABLE": return [.dropTable]
            case "SCHEMA": return [.dropSchema]
            case "EXTENSION": return [.dropExtension]
            case "TYPE", "DOMAIN": return [.dropType]
            case "MATERIALIZED": return tokens.count > 2 && tokens[2].isWord("VIEW") ? [.dropMaterializedView] : []
            default: return []
            }
        case "TRUNCATE":
            return [.truncate]
        case "ALTER":
            guard tokens.count > 1, tokens[1].isWord("TABLE") else { return [] }
            return alterTableKinds(Array(tokens.dropFirst(2)))
        case "DELETE", "WITH":
            return deletesEverything(tokens) ? [.deleteWithoutWhere] : []
        default:
            // GRANT … DELETE, CREATE POLICY … FOR DELETE, CREATE TRIGGER … OR DELETE name the
            // operation without performing it.
            return []
        }
    }

    /// `ALTER TABLE [IF EXISTS] [ONLY] name action, action, …`: looks at each action.
    private static func alterTableKinds(_ tokens: [SQLToken]) -> [DestructiveKind] {
        var kinds: [DestructiveKind] = []
        for action in Self.topLevelActions(tokens) {
            guard let verb = action.first else { continue }
            if verb.isWord("DROP"), action.count > 1, !action[1].isWord("CONSTRAINT") {
                kinds.append(.dropColumn)
            } else if verb.isWord("ALTER") {
                let afterColumn = action.count > 1 && action[1].isWord("COLUMN") ? 3 : 2
                let rest = action.dropFirst(afterColumn).prefix(3).map(\.text)
                if rest.first == "TYPE" || rest.starts(with: ["SET", "DATA", "TYPE"]) {
                    kinds.append(.alterColumnType)
                }
            }
        }
        return kinds
    }

    /// The comma-separated actions of an ALTER TABLE, after `[IF EXISTS] [ONLY] name [*]`;
    /// commas inside parentheses do not separate.
    private static func topLevelActions(_ tokens: [SQLToken]) -> [[SQLToken]] {
        var index = 0
        func skip(_ text: String) {
            if index < tokens.count, tokens[index].text == text, tokens[index].kind != .quotedIdentifier { index += 1 }
        }
        if tokens.count > 1, tokens[0].isWord("IF"), tokens[1].isWord("EXISTS") { index = 2 }
        skip("ONLY")
        index += 1  // the table name
        while index + 1 < tokens.count, tokens[index].kind == .other, tokens[index].text == "." { index += 2 }
        skip("*")
        guard index < tokens.count else { return [] }
        var actions: [[SQLToken]] = [[]]
        var depth = 0
        for token in tokens[index...] {
            switch token.kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis: depth -= 1
            case .comma where depth == 0:
                actions.append([])
                continue
            default: break
            }
            actions[actions.count - 1].append(token)
        }
        return actions
    }

    /// A `DELETE` with no `WHERE` of its own: at the top level, or inside a data-modifying
    /// `WITH gone AS (DELETE FROM t RETURNING *)`. A `WHERE` in a sub-select does not count.
    private static func deletesEverything(_ tokens: [SQLToken]) -> Bool {
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis: depth -= 1
            case .word where token.text == "DELETE":
                if !hasWhere(tokens[(index + 1)...], atDepth: depth) { return true }
            default: break
            }
        }
        return false
    }

    /// Whether `WHERE` follows at `depth` before the enclosing parenthesis closes.
    private static func hasWhere(_ tokens: ArraySlice<SQLToken>, atDepth target: Int) -> Bool {
        var depth = target
        for token in tokens {
            switch token.kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis:
                depth -= 1
                if depth < target { return false }
            case .word where depth == target && token.text == "WHERE": return true
            default: break
            }
        }
        return false
    }
}
