extension Schema {
    /// Columns every Postgres table has already; a column of the same name is refused by CREATE TABLE.
    public static let systemColumnNames: Set<String> = ["tableoid", "xmin", "cmin", "xmax", "cmax", "ctid"]

    /// Why Postgres (or the SQL `rls` writes around a name) would refuse `name`, or nil when it is fine:
    /// an empty name, a NUL (no Postgres string can hold one), or any other control character (a
    /// newline in a name would end the `-- Table …` comment `rls sql` writes above it).
    static func unsafeNameReason(_ name: String) -> String? {
        if name.isEmpty { return "is empty; Postgres needs at least one character" }
        if name.unicodeScalars.contains("\0") { return "contains a NUL character, which no Postgres name can hold" }
        if let control = name.unicodeScalars.first(where: \.isControlCharacter) {
            return
                "contains the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)); use printable characters only"
        }
        return nil
    }

    /// Why a comment or enum value could not be stored, or nil: a NUL, or a control character other
    /// than tab, newline and carriage return (which comments may span).
    static func unsafeTextReason(_ text: String) -> String? {
        if text.unicodeScalars.contains("\0") { return "contains a NUL character, which no Postgres string can hold" }
        if let control = text.unicodeScalars.first(where: {
            $0.isControlCharacter && !["\t", "\n", "\r"].contains($0)
        }) {
            return "contains the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)); remove it"
        }
        return nil
    }

    /// Columns named like system columns, and comments or enum values Postgres could not store.
    func textSafetyErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        func text(_ value: String?, _ what: String, table: TableName, column: String?, _ source: DeclarationSite) {
            guard let value, let reason = Self.unsafeTextReason(value) else { return }
            errors.append(ValidationError(.invalidName, table: table, column: column, source: source, "\(what) \(reason)"))
        }
        for table in tables {
            text(table.comment, "the comment of \(table.qualifiedName)", table: table.qualifiedName, column: nil, table.source)
            for column in table.columns {
                if Self.systemColumnNames.contains(column.name.lowercased()) {
                    errors.append(
                        ValidationError(
                            .invalidName, table: table.qualifiedName, column: column.name, source: column.source,
                            "column name \(column.name) is a Postgres system column (\(Self.systemColumnNames.sorted().joined(separator: ", "))); choose another name"
                        ))
                }
                text(column.comment, "the comment of column \(column.name)", table: table.qualifiedName, column: column.name, column.source)
            }
        }
        for view in views {
            text(view.comment, "the comment of view \(view.qualifiedName)", table: view.qualifiedName, column: nil, view.source)
        }
        for type in enums {
            text(type.comment, "the comment of enum \(type.qualifiedName)", table: type.qualifiedName, column: nil, type.source)
            for value in type.values {
                if value.isEmpty {
                    errors.append(
                        ValidationError(
                            .invalidName, table: type.qualifiedName, column: nil, source: type.source,
                            "enum \(type.qualifiedName) has an empty value; Postgres needs at least one character"))
                }
                text(value, "enum value \(value.debugDescription)", table: type.qualifiedName, column: nil, type.source)
            }
        }
        for function in functions {
            text(
                function.comment, "the comment of function \(function.qualifiedName)", table: function.qualifiedName, column: nil,
                function.source)
        }
        return errors
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension Unicode.Scalar {
    /// Whether this is a control character (general category Cc): exactly U+0000-U+001F and
    /// U+007F-U+009F, tested by value, which costs far less than looking the property up.
    public var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
