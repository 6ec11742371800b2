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
        var previousWord: String?
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
                var parts: [String] = []
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
                defer { previousWord = parts.count == 1 ? parts[0] : nil }
                if previousWord == "references" {
                    // A foreign key's table, in every kind of statement: a table moved up must still
                    // come after the tables its inline foreign keys reference.
                    if parts.count >= 2 {
                        result.insert(.relation(QualifiedName(schema: parts[parts.count - 2], name: parts[parts.count - 1])))
                    } else if let name = parts.first {
                        for schema in searchPath { result.insert(.relation(QualifiedName(schema: schema, name: name))) }
                    }
                } else if isCall {
                    if parts.count >= 2 {
                        result.insert(.function(QualifiedName(schema: parts[parts.count - 2], name: parts[parts.count - 1])))
                    } else if let name = parts.first {
                        for schema in searchPath { result.insert(.function(QualifiedName(schema: schema, name: name))) }
                    }
                } else if relations, let first = parts.first {
                    for schema in searchPath { result.insert(.relation(QualifiedName(schema: schema, name: first))) }
                    for (schema, name) in zip(parts, parts.dropFirst()) {
                        result.insert(.relation(QualifiedName(schema: schema, name: name)))
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

    /// One identifier at `index`: `"Quoted ""name"""` as written, `plain` lowercased; nil when none starts there.
    private static func identifier(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String? {
        guard index < scalars.count else { return nil }
        if scalars[index] == "\"" {
            var name = String.UnicodeScalarView()
            index += 1
            while index < scalars.count {
                if scalars[index] == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        name.append("\"")
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                name.append(scalars[index])
                index += 1
            }
            return String(name)
        }
        guard isIdentifierStart(scalars[index]) else { return nil }
        var name = String.UnicodeScalarView()
        while index < scalars.count,
            scalars[index] == "_" || scalars[index] == "$" || isLetter(scalars[index])
                || ("0"..."9").contains(scalars[index])
        {
            name.append(scalars[index])
            index += 1
        }
        return String(name).lowercased()
    }
}
