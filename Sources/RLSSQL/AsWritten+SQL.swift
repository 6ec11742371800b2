import RLSModel

extension AsWritten {
    /// The object's own section of a compiled schema: its SQL, as written.
    var section: CompiledSection {
        CompiledSection(
            .asWritten(kind, name: name), title: "\(kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()) \(identity)",
            statements: [CompiledStatement(.asWritten, sql)])
    }

    /// What the statements of an object written as SQL need to exist first: the functions they call
    /// (a domain's check), and those a `CREATE AGGREGATE` or `CREATE TYPE ... AS RANGE` names as its
    /// state, final, combine, ... functions (`SFUNC = app.add_up`, `SUBTYPE_DIFF = app.gap`).
    /// Unqualified names are looked up in `public`.
    public static func uses(_ sql: String) -> Set<SQLObject> {
        SQLReferences.calls(in: sql).union(functionsNamed(in: sql))
    }

    private static func functionsNamed(in sql: String) -> Set<SQLObject> {
        let keys: Set<String> = [
            "sfunc", "finalfunc", "combinefunc", "serialfunc", "deserialfunc", "msfunc", "minvfunc", "mfinalfunc",
            "canonical", "subtype_diff",
        ]
        var result: Set<SQLObject> = []
        let words = sql.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "(" || $0 == ")" })
        for (index, word) in words.enumerated() where keys.contains(word.lowercased()) {
            guard index + 2 < words.count, words[index + 1] == "=" else { continue }
            let parts = words[index + 2].split(separator: ".", maxSplits: 1).map { String($0.filter { $0 != "\"" }) }
            result.insert(.function(parts.count == 2 ? QualifiedName(schema: parts[0], name: parts[1]) : QualifiedName(name: parts[0])))
        }
        return result
    }
}
