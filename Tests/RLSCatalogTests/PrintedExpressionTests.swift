import RLSCatalog
import Testing

/// Check constraints and policies as the server prints them, compared across a re-parse.
@Suite("Printed expressions")
struct PrintedExpressionTests {
    /// `x between 3 and 24 and y` prints as a nested AND; printed again after a re-parse, flat.
    @Test func nestedAndFromBetweenIsFlattened() {
        let stored =
            "((username IS NULL) OR (((char_length(username) >= 3) AND (char_length(username) <= 24)) AND (username = lower(username))))"
        let replayed =
            "((username IS NULL) OR ((char_length(username) >= 3) AND (char_length(username) <= 24) AND (username = lower(username))))"
        #expect(PrintedExpression.canonical(stored) == replayed)
        #expect(PrintedExpression.canonical(replayed) == replayed)
        #expect(PrintedExpression.canonical("CHECK (" + stored + ")") == "CHECK (" + replayed + ")")
    }

    @Test func nestedOrIsFlattenedAndMixedConnectivesStay() {
        #expect(PrintedExpression.canonical("(((a = 1) OR (b = 2)) OR (c = 3))") == "((a = 1) OR (b = 2) OR (c = 3))")
        #expect(PrintedExpression.canonical("(((a = 1) OR (b = 2)) AND (c = 3))") == "(((a = 1) OR (b = 2)) AND (c = 3))")
        #expect(PrintedExpression.canonical("((a = 1) AND ((b = 2) OR (c = 3)))") == "((a = 1) AND ((b = 2) OR (c = 3)))")
    }

    /// Parentheses and connectives inside literals and quoted names are text, not structure.
    @Test func quotesAreLeftAlone() {
        let text = "(((name = 'a) AND (b'::text) AND (\"odd ) AND\" = 1)) AND (x = 'it''s'::text))"
        #expect(PrintedExpression.canonical(text) == "((name = 'a) AND (b'::text) AND (\"odd ) AND\" = 1) AND (x = 'it''s'::text))")
    }

    /// Read on bytes: a name or literal of several bytes per character around a flattened AND.
    @Test func charactersBeyondASCIIAreKeptInPlace() {
        #expect(
            PrintedExpression.canonical("(((\"prénom\" = 'Zoë'::text) AND (ville = '東京'::text)) AND (é IS NULL))")
                == "((\"prénom\" = 'Zoë'::text) AND (ville = '東京'::text) AND (é IS NULL))")
    }

    /// Most policies have no connective: the text comes back as it is, and a group left open is
    /// closed whichever way it is read.
    @Test func textWithoutAConnectiveIsItsOwnCanonicalForm() {
        for text in ["(owner_id = ( SELECT auth.uid() AS uid))", "(name = 'a AND b'::text)", "f(x)) y", "", "'unterminated AND"] {
            #expect(PrintedExpression.canonical(text) == text)
        }
        #expect(PrintedExpression.canonical("f(x") == "f(x)")
        #expect(PrintedExpression.canonical("f(x)) (y") == "f(x)) (y)")
        #expect(PrintedExpression.canonical("(a AND (b") == "(a AND (b))")
    }
}
