import RLSMigrations

#if canImport(Glibc)
    import Glibc
#endif

/// One statement of the DSL's rendering, as much as an incremental desired state needs to know of
/// it: the object it attaches to, the object whose definition it makes, and every name it mentions.
///
/// Read from the statement's words alone, never trusted on its own: ``DesiredIncrement`` checks its
/// result against the cached catalog and builds the whole schema whenever they disagree.
///
/// ```swift
/// let statement = DesiredStatement(#"create policy "p" on "public"."listing" using (true)"#)
/// statement.subject      // "public.listing"
/// statement.defines      // nil: other statements cannot refer to a policy by name
/// ```
struct DesiredStatement: Sendable {
    /// The statement's text, without its closing `;`.
    let text: String
    /// The object the statement creates or attaches to (`schema.name`, folded to lower case): a
    /// policy, index, grant or comment on a table attaches to the table. Nil for a statement not
    /// understood, which every partial build runs.
    let subject: String?
    /// The last part of the name of a table, view, function, type, sequence or schema the statement
    /// creates: what other statements mention when they depend on it.
    let defines: String?
    /// Whether the statement shapes its subject as other statements see it (a `create`, or an
    /// `alter table`): when it changes, statements that mention the subject are built again too.
    let shapesSubject: Bool
    /// Whether it creates a view, whose columns follow what it reads.
    let isView: Bool
    /// Whether it creates, alters, comments on or grants on a schema (its ``subject`` is the schema's name).
    let isAboutSchema: Bool
    /// Whether what it does lasts past its transaction: it creates, alters, drops, comments on,
    /// grants, revokes or inserts. Not a `set`, a `select` or a `do` block, which may set something
    /// for the rest of the transaction only (`set local`, `set_config(…, true)`).
    let outlivesItsTransaction: Bool

    /// The statement as the rendering's split gave it (with its place in the rendering): what a
    /// throwaway database runs without splitting its script again. Nil when made from a text alone.
    let statement: SQLStatement?

    /// The text's bytes with ASCII letters in lower case: what ``mentions(anyOf:)`` searches first.
    private let folded: [UInt8]
    /// ``words``, when read with the statement's tokens at the split.
    private let knownWords: Set<String>?

    init(_ text: String) {
        self.init(text, tokens: SQLScanner.tokens(in: text), statement: nil, withWords: false)
    }

    private init(_ text: String, tokens: [SQLToken], statement: SQLStatement?, withWords: Bool) {
        self.text = text
        self.statement = statement
        folded = text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        knownWords = withWords ? SQLStatementWords.of(text, tokens: tokens) : nil
        let parsed = Self.classify(tokens)
        subject = parsed.subject
        defines = parsed.defines
        shapesSubject = parsed.shapes
        isView = parsed.isView
        isAboutSchema = parsed.isAboutSchema
        outlivesItsTransaction = tokens.first.map { Self.lastingVerbs.contains($0.text) && $0.kind == .word } ?? false
    }

    /// Every identifier in the text, folded to lower case, strings and bodies included (read again
    /// at each call unless the split read them: only the few statements an increment runs need them).
    var words: Set<String> { knownWords ?? SQLStatementWords.of(text) }

    /// Whether the text mentions any of `names` (folded to lower case) as a word. A search of the
    /// bytes comes first, so that most statements are never split into words.
    func mentions(anyOf names: Set<String>) -> Bool {
        let candidates = names.filter { name in !name.utf8.allSatisfy { $0 < 0x80 } || Self.contains(folded, Array(name.utf8)) }
        return !candidates.isEmpty && !words.isDisjoint(with: candidates)
    }

    /// Whether `needle` occurs in `haystack` (`memchr` for its first byte, then `memcmp`).
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        return haystack.withUnsafeBufferPointer { (text: UnsafeBufferPointer<UInt8>) -> Bool in
            needle.withUnsafeBufferPointer { (wanted: UnsafeBufferPointer<UInt8>) -> Bool in
                guard let base = text.baseAddress, let wantedBase = wanted.baseAddress else { return false }
                var offset = 0
                while text.count - offset >= wanted.count {
                    guard let found = memchr(base + offset, Int32(first), text.count - offset) else { return false }
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if text.count - at < wanted.count { return false }
                    if memcmp(base + at, wantedBase, wanted.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    /// The statements of a rendering, in order. Split once per plan: an increment's start carries
    /// them (``DesiredCatalogCache/IncrementStart``) to the entry it stores.
    ///
    /// `withWords` reads every statement's ``words`` while its tokens are at hand, for a caller that
    /// asks all of them (``DesiredSplit``).
    static func split(_ sql: String, withWords: Bool = false) -> [DesiredStatement] {
        var statements: [DesiredStatement] = []
        SQLStatement.split(sql) { statement, tokens in
            statements.append(DesiredStatement(statement.text, tokens: tokens, statement: statement, withWords: withWords))
        }
        return statements
    }

    /// The first words of statements whose effect outlives their transaction.
    private static let lastingVerbs: Set<String> = ["CREATE", "ALTER", "DROP", "COMMENT", "GRANT", "REVOKE", "INSERT", "SECURITY"]

    private typealias Parsed = (subject: String?, defines: String?, shapes: Bool, isView: Bool, isAboutSchema: Bool)

    /// Reads the leading tokens: `create [or replace] [unique] <kind> [if not exists] <name> ...`,
    /// `alter <kind> <name>`, `comment on <kind> <name>`, `grant ... on [<kind>] <name>`, `insert into <name>`.
    private static func classify(_ tokens: [SQLToken]) -> Parsed {
        var reader = TokenReader(tokens)
        switch reader.word() {
        case "CREATE":
            reader.skip(["OR", "REPLACE", "UNIQUE", "MATERIALIZED", "CONSTRAINT", "TEMPORARY", "TEMP", "UNLOGGED", "RECURSIVE"])
            let kind = reader.word()
            switch kind {
            case "TABLE", "VIEW", "FUNCTION", "PROCEDURE", "TYPE", "DOMAIN", "SEQUENCE", "SCHEMA":
                reader.skip(["IF", "NOT", "EXISTS"])
                guard let name = reader.qualifiedName() else { return (nil, nil, false, false, false) }
                return (name.joined(separator: "."), name.last, true, kind == "VIEW", kind == "SCHEMA")
            case "INDEX":
                reader.skip(["CONCURRENTLY", "IF", "NOT", "EXISTS"])
                return (reader.name(after: "ON"), nil, false, false, false)
            case "POLICY", "TRIGGER":
                return (reader.name(after: "ON"), nil, false, false, false)
            default:
                return (nil, nil, false, false, false)
            }
        case "ALTER":
            let kind = reader.word()
            switch kind {
            case "TABLE", "VIEW", "FUNCTION", "PROCEDURE", "TYPE", "DOMAIN", "SEQUENCE", "SCHEMA":
                reader.skip(["IF", "EXISTS", "ONLY"])
                guard let name = reader.qualifiedName() else { return (nil, nil, false, false, false) }
                return (name.joined(separator: "."), nil, kind == "TABLE", false, kind == "SCHEMA")
            case "PUBLICATION":
                // `alter publication p add table t`: whether t's changes are published, a property of t.
                return (reader.name(after: "TABLE"), nil, false, false, false)
            default:
                return (nil, nil, false, false, false)
            }
        case "COMMENT":
            guard reader.word() == "ON" else { return (nil, nil, false, false, false) }
            reader.skip(["MATERIALIZED"])
            switch reader.word() {
            case let kind? where ["TABLE", "VIEW", "FUNCTION", "PROCEDURE", "TYPE", "DOMAIN", "SEQUENCE", "SCHEMA", "INDEX"].contains(kind):
                return (reader.qualifiedName()?.joined(separator: "."), nil, false, false, kind == "SCHEMA")
            case "COLUMN":
                // `comment on column s.t.c`: the table's.
                return (reader.qualifiedName().map { $0.dropLast().joined(separator: ".") }, nil, false, false, false)
            case "POLICY", "TRIGGER", "CONSTRAINT":
                return (reader.name(after: "ON"), nil, false, false, false)
            default:
                return (nil, nil, false, false, false)
            }
        case "GRANT", "REVOKE":
            guard reader.seek("ON") else { return (nil, nil, false, false, false) }  // a role granted to a role
            let onSchema = reader.peek?.isWord("SCHEMA") == true
            reader.skip(["TABLE", "SEQUENCE", "FUNCTION", "PROCEDURE", "SCHEMA", "TYPE"])
            if reader.peek?.isWord("ALL") == true { return (nil, nil, false, false, false) }  // on all tables in schema
            return (reader.qualifiedName()?.joined(separator: "."), nil, false, false, onSchema)
        case "INSERT":
            guard reader.word() == "INTO" else { return (nil, nil, false, false, false) }
            return (reader.qualifiedName()?.joined(separator: "."), nil, false, false, false)
        default:
            return (nil, nil, false, false, false)
        }
    }
}

/// A forward-only reader of a statement's tokens.
private struct TokenReader {
    private let tokens: [SQLToken]
    private var index = 0

    init(_ tokens: [SQLToken]) { self.tokens = tokens }

    var peek: SQLToken? { index < tokens.count ? tokens[index] : nil }

    /// The next token when it is a keyword or bare word (uppercase, as the scanner gives it).
    mutating func word() -> String? {
        guard let token = peek, token.kind == .word else { return nil }
        index += 1
        return token.text
    }

    /// The next token when it is a name: a bare word or a quoted identifier, lower-cased.
    mutating func namePart() -> String? {
        guard let token = peek, token.kind == .word || token.kind == .quotedIdentifier else { return nil }
        index += 1
        return token.text.lowercased()
    }

    /// Skips any of `words` (uppercase), in any order.
    mutating func skip(_ words: Set<String>) {
        while let token = peek, token.kind == .word, words.contains(token.text) { index += 1 }
    }

    /// `a`, `a.b` or `a.b.c`: the parts, lower-cased.
    mutating func qualifiedName() -> [String]? {
        guard let first = namePart() else { return nil }
        var parts = [first]
        while let dot = peek, dot.kind == .other, dot.text == "." {
            index += 1
            guard let next = namePart() else { return nil }
            parts.append(next)
        }
        return parts
    }

    /// Moves past the first `word` (uppercase) outside parentheses; false when there is none.
    mutating func seek(_ word: String) -> Bool {
        var depth = 0
        while let token = peek {
            index += 1
            switch token.kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis: depth -= 1
            case .word where depth == 0 && token.text == word: return true
            default: break
            }
        }
        return false
    }

    /// The qualified name after the first `word` outside parentheses (skipping `only`), joined.
    mutating func name(after word: String) -> String? {
        guard seek(word) else { return nil }
        skip(["ONLY"])
        return qualifiedName()?.joined(separator: ".")
    }
}
