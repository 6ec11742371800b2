import RLSModel

/// Text read from a database in a `//` or `///` comment of the Swift `rls pull` writes.
///
/// Swift ends a line comment at a line feed or a carriage return; the text after one would be
/// compiled into the adopter's package. Every name, note and expression a comment quotes goes
/// through ``line(_:)``. (`rls pull` writes no block comments, so `*/` needs nothing.)
enum SwiftComment {
    /// `text` on one line, with line breaks, control characters, line separators and bidirectional
    /// overrides written as visible escapes (`String.escapedForDisplay`): `a\nb` for a line break.
    /// Backslashes stay single, so Swift quoted in a comment (an access plan's spelling) can be copied.
    static func line(_ text: String) -> String { text.escapedForDisplay(doublingBackslashes: false) }
}
