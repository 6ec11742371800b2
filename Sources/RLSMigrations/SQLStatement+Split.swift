import RLSPostgres

extension SQLStatement {
    /// Splits a script into statements at each `;` that is not inside a string, a quoted name,
    /// a dollar-quoted body, a comment, or the `BEGIN ATOMIC … END` body of a SQL-standard
    /// function. Empty statements (`;;`) and a script of only comments give no statements.
    ///
    /// ```swift
    /// SQLStatement.split("create function f() returns text language sql as $$ select ';' $$; select 1")
    ///     .map(\.text)
    /// // ["create function f() returns text language sql as $$ select ';' $$", "select 1"]
    /// ```
    public static func split(_ script: String) -> [SQLStatement] {
        var statements: [SQLStatement] = []
        SQLScanner.scanning(script) { split(&$0) { statement, _ in statements.append(statement) } }
        return statements
    }

    /// ``split(_:)``, handing each statement to `each` with its tokens, whose offsets count from
    /// the start of the statement's text: for a reader that classifies statements, so that nothing
    /// is scanned twice.
    package static func split(_ script: String, each: (SQLStatement, [SQLToken]) -> Void) {
        SQLScanner.scanning(script) { split(&$0, each: each) }
    }

    private static func split(_ scanner: inout SQLScanner, each: (SQLStatement, [SQLToken]) -> Void) {
        var position = ScriptPosition(bytes: scanner.bytes)
        var tokens: [SQLToken] = []
        var bodyTracker = AtomicBodyTracker()

        func finish() {
            guard let first = tokens.first, let last = tokens.last else { return }
            let start = position.advance(to: first.start)
            let endOffset = position.advance(to: last.end).offset
            let text = String(decoding: scanner.bytes[first.start..<last.end], as: UTF8.self)
            let statement = SQLStatement(
                text: text, line: start.line, column: start.column, offset: start.offset,
                length: endOffset - start.offset, tokens: tokens)
            for index in tokens.indices {
                tokens[index].start -= first.start
                tokens[index].end -= first.start
            }
            each(statement, tokens)
        }

        while let token = scanner.next() {
            if token.kind == .semicolon, bodyTracker.depth == 0 {
                finish()
                tokens.removeAll(keepingCapacity: true)
                bodyTracker = AtomicBodyTracker()
                continue
            }
            tokens.append(token)
            bodyTracker.observe(token, index: tokens.count - 1)
        }
        finish()
    }
}

/// Follows `CREATE [OR REPLACE] FUNCTION|PROCEDURE … BEGIN ATOMIC … END`, whose body holds
/// semicolons that do not end the statement.
///
/// The body starts only at the two words `BEGIN ATOMIC` outside parentheses, so a parameter, a
/// result column or a type named `begin` or `atomic` opens nothing. Inside the body only `CASE`
/// and `END` count: both are reserved words, so unquoted they are always keywords, and `END`
/// closes either a `CASE` or the body. Whatever this gets wrong still cannot run two commands as
/// one: each statement is sent as one extended-protocol message, which the server refuses to hold
/// more than one command.
private struct AtomicBodyTracker {
    private(set) var depth = 0
    private var definesRoutine = false
    private var leadingWords: [String] = []
    private var parentheses = 0
    private var previousWasBegin = false

    mutating func observe(_ token: SQLToken, index: Int) {
        switch token.kind {
        case .openParenthesis: parentheses += 1
        case .closeParenthesis: parentheses -= 1
        default: break
        }
        defer { previousWasBegin = token.isWord("BEGIN") && parentheses == 0 && depth == 0 }
        guard token.kind == .word else { return }
        if index < 4, index == leadingWords.count {
            leadingWords.append(token.text)
            definesRoutine = Self.startsRoutine(leadingWords)
        }
        guard definesRoutine else { return }
        if depth == 0 {
            if previousWasBegin, token.text == "ATOMIC", parentheses == 0 { depth = 1 }
            return
        }
        switch token.text {
        case "CASE": depth += 1
        case "END": depth -= 1
        default: break
        }
    }

    private static func startsRoutine(_ words: [String]) -> Bool {
        guard words.first == "CREATE", words.count >= 2 else { return false }
        if words[1] == "FUNCTION" || words[1] == "PROCEDURE" { return true }
        return words.count >= 4 && words[1] == "OR" && words[2] == "REPLACE"
            && (words[3] == "FUNCTION" || words[3] == "PROCEDURE")
    }
}

/// Turns UTF-8 byte offsets into 1-based line, column and Unicode-scalar offset, moving forward only.
private struct ScriptPosition {
    let bytes: UnsafeBufferPointer<UInt8>
    private var byte = 0
    private var scalar = 0
    private var line = 1
    private var lineStartScalar = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func advance(to target: Int) -> (line: Int, column: Int, offset: Int) {
        while byte < target {
            let value = bytes[byte]
            if value & 0xC0 != 0x80 { scalar += 1 }  // not a continuation byte: a new scalar
            if value == UInt8(ascii: "\n") {
                line += 1
                lineStartScalar = scalar
            }
            byte += 1
        }
        return (line, scalar - lineStartScalar + 1, scalar)
    }
}
