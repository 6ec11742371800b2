extension Catalog.Table {
    /// The column lists of every index, primary key and unique constraint, in index order.
    var indexColumnLists: [[String]] {
        indexes.compactMap { index -> [String]? in
            guard let using = index.definition.firstRange(of: " USING ") else { return nil }
            return columnList(index.definition[using.upperBound...])
        } + constraints.filter { $0.kind == .primaryKey || $0.kind == .unique }.compactMap { columnList(Substring($0.definition)) }
    }
}

extension Catalog.Constraint {
    /// A foreign key's own columns: `FOREIGN KEY (a, b) REFERENCES …` → `[a, b]`.
    var foreignKeyColumns: [String] {
        columnList(Substring(definition)) ?? []
    }

    /// The referenced columns: `… REFERENCES auth.users(email)` → `[email]`.
    var referencedColumns: [String] {
        guard let references = definition.firstRange(of: "REFERENCES ") else { return [] }
        return columnList(definition[references.upperBound...]) ?? []
    }
}

/// The plain column names in the first parenthesis of `text`; nil when one is an expression.
func columnList(_ text: Substring) -> [String]? {
    guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else { return nil }
    let parts = text[text.index(after: open)..<close].split(separator: ",").map { part in
        String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
    let names = parts.map { part -> String? in
        let words = part.split(separator: " ")
        guard let first = words.first else { return nil }
        let unquoted = identifierParts(first)
        return unquoted.count == 1 ? unquoted[0] : nil
    }
    return names.contains(nil) ? nil : names.compactMap { $0 }
}
