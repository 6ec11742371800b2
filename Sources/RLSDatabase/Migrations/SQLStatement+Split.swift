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
        var scanner = SQLScanner(script)
        let scalars = scanner.scalars
        var statements: [SQLStatement] = []
        var lineCounter = LineCounter(scalars: scalars)
        var first: SQLToken?
        var last: SQLToken?
        var bodyTracker = AtomicBodyTracker()

        func finish() {
            guard let first, let last else { return }
            let text = String(String.UnicodeScalarView(scalars[first.start..<last.end]))
            let (line, column) = lineCounter.position(of: first.start)
            statements.append(SQLStatement(text: text, line: line, column: column, offset: first.start))
        }

        while let token = scanner.next() {
            if token.kind == .semicolon, bodyTracker.depth == 0 {
                finish()
                first = nil
                last = nil
                bodyTracker = AtomicBodyTracker()
                continue
            }
            if first == nil { first = token }
            last = token
            bodyTracker.observe(token)
        }
        finish()
        return statements
    }
}

/// Follows `CREATE [OR REPLACE] FUNCTION|PROCEDURE … BEGIN ATOMIC … END`, whose body holds
/// semicolons that do not end the statement. Like psql, it counts BEGIN/CASE against END
/// only in statements that start that way.
private struct AtomicBodyTracker {
    private(set) var depth = 0
    private var leadingWords: [String] = []
    private var tokenCount = 0

    mutating func observe(_ token: SQLToken) {
        tokenCount += 1
        guard token.kind == .word else { return }
        if tokenCount == leadingWords.count + 1, leadingWords.count < 4 { leadingWords.append(token.text) }
        guard definesRoutine else { return }
        switch token.text {
        case "BEGIN": depth += 1
        case "CASE" where depth > 0: depth += 1
        case "END" where depth > 0: depth -= 1
        default: break
        }
    }

    private var definesRoutine: Bool {
        guard leadingWords.first == "CREATE", leadingWords.count >= 2 else { return false }
        let rest = leadingWords.dropFirst()
        if rest.first == "FUNCTION" || rest.first == "PROCEDURE" { return true }
        return Array(rest.prefix(3)).starts(with: ["OR", "REPLACE"])
            && (leadingWords.count >= 4 && (leadingWords[3] == "FUNCTION" || leadingWords[3] == "PROCEDURE"))
    }
}

/// Turns scalar offsets into 1-based line and column, moving forward only.
private struct LineCounter {
    let scalars: [Unicode.Scalar]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func position(of target: Int) -> (line: Int, column: Int) {
        while offset < target {
            if scalars[offset] == "\n" {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
        return (line, target - lineStart + 1)
    }
}
