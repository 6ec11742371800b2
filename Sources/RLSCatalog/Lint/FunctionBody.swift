import RLSSQL

/// A function's definition (`pg_get_functiondef`) read for what lint needs: its language, the
/// tables its body names, whether those names are schema-qualified, and how it builds dynamic SQL.
///
/// A reading, not a parser: comments and string literals are blanked first, so names in them do
/// not count, and only names that some managed table or view carries are taken for relations
/// (a PL/pgSQL variable after `INTO` is not one).
struct FunctionBody {
    /// The full `CREATE OR REPLACE FUNCTION …` text.
    let definition: String

    /// `plpgsql`, `sql`, … as the definition's `LANGUAGE` clause says.
    var language: String {
        guard let match = definition.firstMatch(of: #/(?i)\bLANGUAGE\s+(\w+)/#) else { return "" }
        return String(match.output.1).lowercased()
    }

    /// The text between the definition's dollar-quote tags (the whole definition when there are none).
    var body: Substring {
        guard let open = definition.firstMatch(of: #/(?i)\bAS\s+(\$[A-Za-z_]*\$)/#) else { return Substring(definition) }
        let tag = String(open.output.1)
        guard let close = definition[open.range.upperBound...].firstRange(of: tag) else { return Substring(definition) }
        return definition[open.range.upperBound..<close.lowerBound]
    }

    /// The body with comments and string literals blanked out, same length (ranges stay valid).
    var code: String {
        var result = ""
        let characters = Array(body)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "-", next == "-" {
                while index < characters.count, characters[index] != "\n" {
                    result.append(" ")
                    index += 1
                }
            } else if character == "/", next == "*" {
                while index < characters.count, !(characters[index] == "*" && index + 1 < characters.count && characters[index + 1] == "/")
                {
                    result.append(characters[index] == "\n" ? "\n" : " ")
                    index += 1
                }
                result.append("  ")
                index += 2
            } else if character == "'" {
                result.append("'")
                index += 1
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            result.append("  ")
                            index += 2
                            continue
                        }
                        break
                    }
                    result.append(characters[index] == "\n" ? "\n" : " ")
                    index += 1
                }
                if index < characters.count {
                    result.append("'")
                    index += 1
                }
            } else {
                result.append(character)
                index += 1
            }
        }
        return result
    }

    /// Names after `FROM`, `JOIN`, `INTO`, `UPDATE` and `TABLE` that some managed table or view
    /// carries, as written: qualified (`public.note`) or not (`note`).
    func relationNames(in catalog: Catalog) -> [(schema: String?, name: String, range: Range<String.Index>)] {
        let code = code
        let known = Set(catalog.tables.map(\.name.name) + catalog.views.map(\.name.name)).subtracting(declaredVariables)
        let pattern =
            #/(?i)\b(?:from|join|into|update|table)\s+((?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)(?:\s*\.\s*(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*))?)/#
        return code.matches(of: pattern).compactMap { match in
            let parts = identifierParts(Substring(withoutSpaceOutsideQuotes(match.output.1)))
            guard let name = parts.last else { return nil }
            if parts.count == 1 {
                guard known.contains(name) || known.contains(name.lowercased()) else { return nil }
                return (nil, known.contains(name) ? name : name.lowercased(), match.output.1.startIndex..<match.output.1.endIndex)
            }
            return (parts[0], name, match.output.1.startIndex..<match.output.1.endIndex)
        }
    }

    /// Names a PL/pgSQL `DECLARE` section declares: `select … into n` names a variable, not a table.
    var declaredVariables: Set<String> {
        guard language == "plpgsql", let block = code.firstMatch(of: #/(?is)\bdeclare\b(.*?)\bbegin\b/#) else { return [] }
        return Set(
            block.output.1.split(separator: ";").compactMap { declaration in
                declaration.split(whereSeparator: \.isWhitespace).first.map { String($0).lowercased() }
            })
    }

    /// Tables and views the body names without a schema: each breaks under `search_path = ''`.
    func unqualifiedRelations(in catalog: Catalog) -> [String] {
        Array(Set(relationNames(in: catalog).filter { $0.schema == nil }.map(\.name))).sorted()
    }

    /// Managed tables the body reads or writes, qualified or found through the default path (`public`).
    func tables(in catalog: Catalog) -> [QualifiedName] {
        let names = relationNames(in: catalog).map { QualifiedName(schema: $0.schema ?? "public", name: $0.name) }
        return Array(Set(names.filter { catalog.table($0) != nil })).sorted()
    }

    /// The definition with every unqualified table or view name qualified with the one schema that
    /// holds it (`public` when several do, as the default `search_path` finds it first).
    func qualifiedDefinition(in catalog: Catalog) -> String {
        guard body.startIndex != body.endIndex else { return definition }
        let code = code
        let original = String(body)
        var places = CharacterPlaces(code: code, original: original)
        var text = ""
        var copied = original.startIndex
        for reference in relationNames(in: catalog) where reference.schema == nil {
            let schemas = catalog.schemas(holding: reference.name)
            let schema = schemas.count == 1 ? schemas[0] : "public"
            let start = places.original(at: reference.range.lowerBound)
            let end = places.original(at: reference.range.upperBound)
            text += original[copied..<start]
            text += "\(quoteIdentifier(schema)).\(original[start..<end])"
            copied = end
        }
        text += original[copied...]
        return String(definition[..<body.startIndex]) + text + String(definition[body.endIndex...])
    }

    /// `EXECUTE` statements that splice values into SQL by concatenation or `format('%s')`, without
    /// `%I`/`%L`, `quote_ident`, `quote_literal` or `quote_nullable`: each is an injection risk.
    var unquotedDynamicSQL: [String] {
        guard language == "plpgsql" else { return [] }
        let code = code
        let original = String(body)
        var places = CharacterPlaces(code: code, original: original)
        return code.matches(of: #/(?is)\bexecute\s+(?!function\b|procedure\b)([^;]+)/#).compactMap { match in
            let statement = code[match.output.1.startIndex..<match.output.1.endIndex]
            let written = String(original[places.original(at: statement.startIndex)..<places.original(at: statement.endIndex)])
            let lowered = written.lowercased()
            if lowered.contains("quote_ident") || lowered.contains("quote_literal") || lowered.contains("quote_nullable") { return nil }
            let concatenates = statement.contains("||")
            let formatsRaw = lowered.contains("format(") && lowered.contains("%s") && !lowered.contains("%i") && !lowered.contains("%l")
            guard concatenates || formatsRaw else { return nil }
            return written.split(whereSeparator: \.isNewline).map { String($0.drop { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
                .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }
}

/// `"My Table" . x` → `"My Table".x`: white space between the parts of a name, not inside quotes.
private func withoutSpaceOutsideQuotes(_ text: Substring) -> String {
    var result = ""
    var inQuotes = false
    for character in text {
        if character == "\"" { inQuotes.toggle() }
        if inQuotes || !character.isWhitespace { result.append(character) }
    }
    return result
}

/// The place in the original body of a place in its ``FunctionBody/code`` (the two have as many
/// characters), for places asked in increasing order: one walk over both texts in all, where counting
/// each from the start made a body with thousands of findings quadratic.
private struct CharacterPlaces {
    let code: String
    let original: String
    private var codeIndex: String.Index
    private var originalIndex: String.Index

    init(code: String, original: String) {
        self.code = code
        self.original = original
        codeIndex = code.startIndex
        originalIndex = original.startIndex
    }

    /// The index in `original` of the character at `place` in `code`; `place` is not before the last one asked.
    mutating func original(at place: String.Index) -> String.Index {
        while codeIndex < place, originalIndex < original.endIndex {
            code.formIndex(after: &codeIndex)
            original.formIndex(after: &originalIndex)
        }
        return originalIndex
    }
}
