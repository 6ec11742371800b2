import RLSModel
import RLSSQL

extension Schema {
    /// Every function, hand-written or generated (the sign-up trigger's), with the triggers that run it.
    var routines: [TableWriter] {
        let functions = self.functions + signUpProfiles.map(\.function)
        let triggers = self.triggers + signUpProfiles.map(\.trigger)
        return functions.map { function in
            TableWriter(function: function, triggers: triggers.filter { $0.function == function.qualifiedName })
        }
    }

    /// The functions whose bodies insert into, update or delete from `table`, with their triggers.
    ///
    /// Found by reading the body for `insert into`, `update` or `delete from` followed by the
    /// table's name (qualified, quoted, or bare for `public`): bodies are hand-written SQL.
    public func writers(of table: Table) -> [TableWriter] {
        routines.filter { $0.function.body.writes(to: table.qualifiedName) }
    }

    /// The triggers that fire when `table` changes.
    public func triggers(on table: Table) -> [Trigger] {
        (triggers + signUpProfiles.map(\.trigger)).filter { $0.table == table.qualifiedName }
    }
}

extension SQL {
    /// Whether the text has `insert into`, `update` or `delete from` naming `table`.
    func writes(to table: TableName) -> Bool {
        let text = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        var names = [
            "\(table.schema).\(table.name)".lowercased(),
            RLSSQL.qualifiedName(schema: table.schema, name: table.name).lowercased(),
        ]
        if table.schema == "public" { names += [table.name.lowercased(), quoteIdentifier(table.name).lowercased()] }
        for verb in ["insert into ", "update ", "delete from "] {
            for name in names {
                var searchStart = text.startIndex
                while let range = text[searchStart...].firstRange(of: verb + name) {
                    let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                    let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
                    if !(before.map(\.isIdentifierCharacter) ?? false) && !(after.map(\.isIdentifierCharacter) ?? false) {
                        return true
                    }
                    searchStart = range.upperBound
                }
            }
        }
        return false
    }
}

extension Character {
    /// Letters, digits, `_`, `$` and `.`: what continues a (qualified) SQL name.
    var isIdentifierCharacter: Bool { isLetter || isNumber || self == "_" || self == "$" || self == "." || self == "\"" }
}
