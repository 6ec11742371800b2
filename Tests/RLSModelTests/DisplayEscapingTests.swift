import RLSModel
import Testing

/// The one escaping of names and database text for people (terminal, comments): control
/// characters, line and paragraph separators and bidirectional marks never pass raw.
@Suite struct DisplayEscapingTests {
    @Test func separatorsAndBidirectionalMarksAreEscaped() {
        #expect("a\u{2028}b\u{2029}c".escapedForDisplay == #"a\u{2028}b\u{2029}c"#)
        #expect("\u{61C}x\u{202E}".escapedForDisplay == #"\u{61C}x\u{202E}"#)
        #expect("a\u{85}b".escapedForDisplay == #"a\u{85}b"#)
    }

    @Test func quotedCodeKeepsItsBackslashes() {
        #expect(#"E'\n'"#.escapedForDisplay == #"E'\\n'"#)
        #expect(#"E'\n'"#.escapedForDisplay(doublingBackslashes: false) == #"E'\n'"#)
        #expect("a\nb\u{1B}".escapedForDisplay(doublingBackslashes: false) == #"a\nb\u{1B}"#)
    }

    @Test func linesKeepTheirBreaksAndTabsButNothingElse() {
        let sql = "create function f()\r\n\treturns int\n\u{1B}[2J\u{202E}\r"
        #expect(sql.linesEscapedForDisplay == "create function f()\r\n\treturns int\n" + #"\u{1B}[2J\u{202E}\r"#)
    }

    /// A Swift literal is the display escaping with `"` escaped too: it can neither end early nor
    /// interpolate, and a quote that a combining mark follows (one character) is escaped as well.
    @Test func swiftStringLiteralEscapesQuotesOnTopOfTheDisplayEscapes() {
        #expect("it's \"a\"\nb\u{1B}\u{202E}".swiftStringLiteral == #""it's \"a\"\nb\u{1B}\u{202E}""#)
        #expect(#"\(x)"#.swiftStringLiteral == #""\\(x)""#)
        #expect("\"\u{301}".swiftStringLiteral == "\"\\\"\u{301}\"")
    }
}
