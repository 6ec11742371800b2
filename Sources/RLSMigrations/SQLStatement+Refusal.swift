import RLSPostgres

extension SQLStatement {
    /// Why a migration may not contain this statement, or nil when it may.
    ///
    /// Migrations run inside a transaction that rls opens and commits, one statement per protocol
    /// message: statements that end, nest or cannot run in a transaction, and `COPY` through the
    /// client, are refused before anything runs, naming the file and line.
    ///
    /// ```swift
    /// SQLStatement.split("vacuum analyze note")[0].refusal            // .cannotRunInTransaction("VACUUM …")
    /// SQLStatement.split("create index on note (owner_id)")[0].refusal  // nil
    /// ```
    public enum Refusal: Sendable, Equatable {
        /// `BEGIN`, `COMMIT`, `SAVEPOINT`, … would end or nest rls's own transaction.
        case transactionControl
        /// The statement cannot run inside a transaction block (`VACUUM`, `… CONCURRENTLY`, …); the
        /// text names it.
        case cannotRunInTransaction(String)
        /// `COPY … FROM STDIN` / `TO STDOUT` streams data through the client, which only sends statements.
        case copyThroughClient
        /// A psql meta-command (`\copy`, `\i`, …), which is not SQL.
        case psqlMetaCommand
    }

    /// The refusal for a statement with these tokens.
    static func refusal(of tokens: [SQLToken]) -> Refusal? {
        guard let first = tokens.first else { return nil }
        if first.kind == .other, first.text == "\\" { return .psqlMetaCommand }
        guard first.kind == .word else { return nil }
        let words = tokens.prefix(4).map { $0.kind == .word ? $0.text : "" }
        let second = words.count > 1 ? words[1] : ""
        switch first.text {
        case "BEGIN", "START", "COMMIT", "END", "ABORT", "ROLLBACK", "SAVEPOINT", "RELEASE":
            return .transactionControl
        case "PREPARE" where second == "TRANSACTION":
            return .transactionControl
        case "COPY":
            return topLevelWords(tokens).contains { $0 == "STDIN" || $0 == "STDOUT" } ? .copyThroughClient : nil
        case "VACUUM":
            return .cannotRunInTransaction("VACUUM")
        case "CREATE" where ["DATABASE", "TABLESPACE", "SUBSCRIPTION"].contains(second),
            "DROP" where ["DATABASE", "TABLESPACE", "SUBSCRIPTION"].contains(second):
            return .cannotRunInTransaction("\(first.text) \(second)")
        case "ALTER" where second == "SYSTEM":
            return .cannotRunInTransaction("ALTER SYSTEM")
        case "DISCARD" where second == "ALL":
            return .cannotRunInTransaction("DISCARD ALL")
        case "REINDEX" where second == "DATABASE" || second == "SYSTEM":
            return .cannotRunInTransaction("REINDEX \(second)")
        case "CLUSTER" where tokens.count == 1 || (tokens.count == 2 && second == "VERBOSE"):
            return .cannotRunInTransaction("CLUSTER without a table")
        case "REFRESH":
            return nil  // REFRESH MATERIALIZED VIEW CONCURRENTLY runs in a transaction
        default:
            break
        }
        if topLevelWords(tokens).contains("CONCURRENTLY") {
            return .cannotRunInTransaction("\(first.text) \(second) … CONCURRENTLY")
        }
        return nil
    }

    /// The words outside parentheses (a `COPY (select …) TO STDOUT` query may mention anything).
    private static func topLevelWords(_ tokens: [SQLToken]) -> [String] {
        var depth = 0
        var words: [String] = []
        for token in tokens {
            switch token.kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis: depth -= 1
            case .word where depth == 0: words.append(token.text)
            default: break
            }
        }
        return words
    }
}

extension SQLStatement.Refusal {
    /// Why, and what to do instead, in a sentence or two.
    public var explanation: String {
        switch self {
        case .transactionControl:
            return "controls the transaction, but rls runs migrations in a transaction of its own.\n"
                + "Remove BEGIN/COMMIT/SAVEPOINT from the file; it stays all-or-nothing."
        case .cannotRunInTransaction(let what):
            return "\(what) cannot run inside a transaction, and rls applies migrations in one.\n"
                + "Use the plain form (CREATE INDEX without CONCURRENTLY), or run it by hand outside the migration."
        case .copyThroughClient:
            return "COPY … FROM STDIN / TO STDOUT streams data through the client, and rls only sends statements.\n"
                + "Use INSERT … VALUES for seed data."
        case .psqlMetaCommand:
            return "is a psql meta-command, not SQL.\nWrite the SQL it stands for instead."
        }
    }
}
