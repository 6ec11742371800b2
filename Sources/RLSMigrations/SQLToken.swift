import RLSPostgres

/// One lexical token of PostgreSQL source text, as far as splitting and safety checks need it.
/// Offsets are UTF-8 byte offsets into the scanned text.
package struct SQLToken: Equatable, Sendable {
    /// What the token is.
    package enum Kind: Equatable, Sendable {
        /// A keyword or unquoted identifier; `text` holds it uppercased.
        case word
        /// A `"quoted identifier"`; `text` holds the name without quotes.
        case quotedIdentifier
        /// A string constant in any form: `'…'`, `E'…'`, `$tag$…$tag$`.
        case string
        /// A numeric constant or a `$1` parameter.
        case number
        /// `;`
        case semicolon
        /// `(`
        case openParenthesis
        /// `)`
        case closeParenthesis
        /// `,`
        case comma
        /// Any other operator or punctuation character.
        case other
    }

    /// What the token is.
    package var kind: Kind
    /// Normalised text (see ``Kind``); the character itself for punctuation; empty for strings
    /// and numbers.
    package var text: String
    /// Where the token starts, in UTF-8 bytes from the start of the source.
    package var start: Int
    /// Where the token ends (exclusive), in UTF-8 bytes.
    package var end: Int

    /// Whether this is the keyword or unquoted identifier `word` (uppercase).
    package func isWord(_ word: String) -> Bool {
        kind == .word && text == word
    }
}
