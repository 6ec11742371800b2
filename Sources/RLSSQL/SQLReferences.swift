import RLSModel

/// An object a statement creates or uses, as far as the order of statements goes: a function
/// (called by name) or a relation (a table or view, read by name or used as a row type).
public enum SQLObject: Sendable, Hashable {
    /// A function or procedure, all overloads of the name together.
    case function(QualifiedName)
    /// A table or view.
    case relation(QualifiedName)
}

/// The objects a statement names, read from its text, so that statements can be ordered by what
/// they use whatever wrote them (the renderer or the catalog diff).
///
/// A name followed by `(` is a call; any other name a relation. An unqualified name stands for
/// the same name in each schema of the search path. Text inside single quotes and `--` comments is
/// skipped; text inside dollar quotes (function bodies) is read. The result may name more than is
/// really used (a column called like a table): ordering by it only ever moves a creation earlier.
///
/// ```swift
/// SQLReferences.calls(in: "alter table t alter column c set default app.token(30);")
/// // [.function("app.token")]
/// ```
public enum SQLReferences {
    /// The functions `sql` calls, and the tables its foreign keys reference: what a table, an index,
    /// a constraint, a policy or a trigger needs to exist before it is created. Unqualified names are
    /// looked up in `public`.
    public static func calls(in sql: String) -> Set<SQLObject> {
        references(in: sql, searchPath: ["public"], relations: false)
    }

    /// The functions `sql` calls and the relations it names: what a view needs.
    public static func callsAndRelations(in sql: String, searchPath: [String] = ["public"]) -> Set<SQLObject> {
        references(in: sql, searchPath: searchPath, relations: true)
    }

    /// What a `create function` statement needs when it runs: the types and defaults of its header,
    /// and, for `language sql` (whose body Postgres checks at creation), what the body calls and
    /// reads, unqualified names looked up in the function's own `search_path`. A `plpgsql` body is
    /// only checked when it runs, so it needs nothing at creation.
    public static func ofFunction(_ createStatement: String) -> Set<SQLObject> {
        let header = functionHeader(createStatement)
        let words = header.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == ";" })
        let isSQL = zip(words, words.dropFirst()).contains { $0 == "language" && ($1 == "sql" || $1 == "'sql'") }
        return references(in: isSQL ? Substring(createStatement) : header, searchPath: searchPath(ofHeader: header), relations: true)
    }

    /// The text before the body's opening dollar quote (all of it for a `begin atomic` body).
    static func functionHeader(_ statement: String) -> Substring {
        let scalars = statement.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "$", dollarTagEnd(scalars, from: index) != nil {
                return Substring(statement.unicodeScalars[..<index])
            }
            index = scalars.index(after: index)
        }
        return Substring(statement)
    }

    /// The schemas of `set search_path = ...` / `SET search_path TO ...` in a function header;
    /// `public` (the session's) when the function sets none.
    static func searchPath(ofHeader header: Substring) -> [String] {
        guard let line = header.split(separator: "\n").first(where: { $0.lowercased().contains("search_path") }) else {
            return ["public"]
        }
        // The key is found in any case; the schema names keep theirs (they are quoted when it matters).
        guard let key = line.indices.first(where: { line[$0...].prefix(11).lowercased() == "search_path" }) else {
            return ["public"]
        }
        var rest = line[key...].dropFirst(11).drop { $0 == " " }
        if rest.hasPrefix("=") {
            rest = rest.dropFirst()
        } else if rest.prefix(3).lowercased() == "to " {
            rest = rest.dropFirst(3)
        }
        let quotesAndSpaces: Set<Character> = [" ", "'", "\""]
        return rest.split(separator: ",").map { part in
            String(part.drop(while: quotesAndSpaces.contains).reversed().drop(while: quotesAndSpaces.contains).reversed())
        }.filter { !$0.isEmpty }
    }

    /// The index just past `$tag$` starting at `start`, nil when no dollar quote starts there.
    private static func dollarTagEnd(_ scalars: String.UnicodeScalarView, from start: String.UnicodeScalarView.Index) -> String
        .UnicodeScalarView.Index?
    {
        var index = scalars.index(after: start)
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "$" { return scalars.index(after: index) }
            guard scalar == "_" || isLetter(scalar) || (index != scalars.index(after: start) && ("0"..."9").contains(scalar))
            else { return nil }
            index = scalars.index(after: index)
        }
        return nil
    }

    private static func references(in sql: some StringProtocol, searchPath: [String], relations: Bool) -> Set<SQLObject> {
        let scalars = Array(sql.unicodeScalars)
        var result: Set<SQLObject> = []
        var index = 0
        func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\n" || scalars[index] == "\t" || scalars[index] == "\r"
            {
                index += 1
            }
        }
        // Names are only spelled out when they are kept: most words of a statement are not.
        func name(_ span: Range<Int>) -> String { identifierName(scalars, span) }
        var previousIsReferences = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                index += 1
                while index < scalars.count {
                    if scalars[index] == "'" {
                        if index + 1 < scalars.count, scalars[index + 1] == "'" {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                index += 1
            } else if scalar == "-", index + 1 < scalars.count, scalars[index + 1] == "-" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "\"" || isIdentifierStart(scalar) {
                var parts: [Range<Int>] = []
                while let part = identifier(scalars, &index) {
                    parts.append(part)
                    let afterPart = index
                    skipSpaces()
                    guard index < scalars.count, scalars[index] == "." else {
                        index = afterPart
                        break
                    }
                    index += 1
                    skipSpaces()
                }
                let afterChain = index
                skipSpaces()
                let isCall = index < scalars.count && scalars[index] == "("
                index = afterChain
                let followsReferences = previousIsReferences
                previousIsReferences = parts.count == 1 && isWord(scalars, parts[0], "references")
                if followsReferences || isCall {
                    // After REFERENCES, a foreign key's table, in every kind of statement: a table
                    // moved up must still come after the tables its inline foreign keys reference.
                    let object = followsReferences ? SQLObject.relation : SQLObject.function
                    if parts.count >= 2 {
                        result.insert(object(QualifiedName(schema: name(parts[parts.count - 2]), name: name(parts[parts.count - 1]))))
                    } else if let only = parts.first {
                        let spelled = name(only)
                        for schema in searchPath { result.insert(object(QualifiedName(schema: schema, name: spelled))) }
                    }
                } else if relations, let first = parts.first {
                    let spelled = name(first)
                    for schema in searchPath { result.insert(.relation(QualifiedName(schema: schema, name: spelled))) }
                    for (schema, table) in zip(parts, parts.dropFirst()) {
                        result.insert(.relation(QualifiedName(schema: name(schema), name: name(table))))
                    }
                }
            } else {
                index += 1
            }
        }
        return result
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || isLetter(scalar)
    }

    /// ASCII letters without a property lookup: statements are mostly ASCII, and some are long.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) : scalar.properties.isAlphabetic
    }

    /// The span of one identifier at `index` (quotes included), moving past it; nil when none starts there.
    private static func identifier(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Range<Int>? {
        guard index < scalars.count else { return nil }
        let start = index
        if scalars[index] == "\"" {
            index += 1
            while index < scalars.count {
                if scalars[index] == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                index += 1
            }
            return start..<index
        }
        guard isIdentifierStart(scalars[index]) else { return nil }
        while index < scalars.count,
            scalars[index] == "_" || scalars[index] == "$" || isLetter(scalars[index])
                || ("0"..."9").contains(scalars[index])
        {
            index += 1
        }
        return start..<index
    }

    /// The name an identifier's span spells: `"Quoted ""name"""` as written, `plain` lowercased.
    private static func identifierName(_ scalars: [Unicode.Scalar], _ span: Range<Int>) -> String {
        var name = String.UnicodeScalarView()
        guard scalars[span.lowerBound] == "\"" else {
            name.append(contentsOf: scalars[span])
            return String(name).lowercased()
        }
        var index = span.lowerBound + 1
        while index < span.upperBound {
            if scalars[index] == "\"" {
                if index + 1 < span.upperBound, scalars[index + 1] == "\"" { name.append("\"") }
                index += 2
                continue
            }
            name.append(scalars[index])
            index += 1
        }
        return String(name)
    }

    /// True when the unquoted identifier at `span` is `word` (given in lower case), in any case.
    private static func isWord(_ scalars: [Unicode.Scalar], _ span: Range<Int>, _ word: String) -> Bool {
        guard span.count == word.unicodeScalars.count, scalars[span.lowerBound] != "\"" else { return false }
        return zip(scalars[span], word.unicodeScalars).allSatisfy { pair in
            pair.0 == pair.1 || (pair.0.isASCII && pair.0.value + 32 == pair.1.value && ("A"..."Z").contains(pair.0))
        }
    }
}
