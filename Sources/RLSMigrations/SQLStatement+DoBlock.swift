import Foundation
import RLSPostgres

extension SQLStatement {
    /// The ways the body of a `DO` block can lose data: each `DROP`, `TRUNCATE`, `DELETE` or
    /// `ALTER` inside it, up to its `;`, judged as a statement of its own, so a drop cannot hide in
    /// an anonymous block. (SQL built at run time for `EXECUTE` cannot be seen; review those by eye.)
    ///
    /// ```swift
    /// SQLStatement.split("do $$ begin drop table public.old; end $$")[0].destructiveKinds   // [.dropTable]
    /// ```
    static func doBlockDestructiveKinds(_ text: String) -> [DestructiveKind] {
        let tokens = SQLScanner.tokens(in: text)
        guard tokens.first?.isWord("DO") == true, let body = tokens.first(where: { $0.kind == .string }) else { return [] }
        let bytes = Array(text.utf8)
        let inner = bodyText(String(decoding: bytes[body.start..<body.end], as: UTF8.self))
        let innerTokens = SQLScanner.tokens(in: inner)
        var kinds: [DestructiveKind] = []
        for (index, token) in innerTokens.enumerated() where token.kind == .word {
            guard ["DROP", "TRUNCATE", "DELETE", "ALTER"].contains(token.text) else { continue }
            let end = innerTokens[index...].firstIndex { $0.kind == .semicolon } ?? innerTokens.endIndex
            kinds += destructiveKinds(of: Array(innerTokens[index..<end]))
        }
        return kinds
    }

    /// The code inside `$tag$…$tag$` or `'…'` (with `''` undoubled).
    private static func bodyText(_ literal: String) -> String {
        if literal.hasPrefix("$"), let close = literal.dropFirst().firstIndex(of: "$") {
            let tag = literal[literal.startIndex...close]
            guard literal.count >= 2 * tag.count else { return "" }
            return String(literal.dropFirst(tag.count).dropLast(tag.count))
        }
        guard literal.hasPrefix("'"), literal.count >= 2 else { return "" }
        return String(literal.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }
}
