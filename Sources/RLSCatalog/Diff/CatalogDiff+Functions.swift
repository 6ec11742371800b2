extension CatalogDiff {
    /// Functions: created or replaced after tables, dropped at the end (once nothing uses them).
    /// A changed result type cannot be replaced in place, so such a function is dropped first.
    mutating func diffFunctions() {
        let existing = Dictionary(uniqueKeysWithValues: current.functions.map { ($0.signature, $0) })
        let wanted = Dictionary(uniqueKeysWithValues: desired.functions.map { ($0.signature, $0) })
        for function in desired.functions {
            let old = existing[function.signature]
            if let old, old == function { continue }
            var sql = function.definition + ";"
            if old?.definition != function.definition, old.map({ $0.result != function.result }) == true {
                sql = "DROP \(function.keyword) \(function.sqlSignature);\n" + sql
            }
            if old?.definition == function.definition { sql = "" }
            if old?.comment != function.comment, old != nil || function.comment != nil {
                let comment = commentSQL(on: "\(function.keyword) \(function.sqlSignature)", function.comment)
                sql = sql.isEmpty ? comment : sql + "\n" + comment
            }
            add(
                .createFunction,
                Change(
                    kind: old == nil ? .create : .alter, object: .function,
                    name: function.signature, sql: sql),
                provides: sql.isEmpty || old?.definition == function.definition ? nil : .function(function.name))
        }
        for function in current.functions where wanted[function.signature] == nil {
            add(
                .dropFunction,
                Change(
                    kind: .drop, object: .function, name: function.signature,
                    sql: "DROP \(function.keyword) \(function.sqlSignature);"))
        }
    }

    /// Functions dropped and created again, whose grants are lost with them.
    var rebuiltFunctions: Set<String> {
        let existing = Dictionary(uniqueKeysWithValues: current.functions.map { ($0.signature, $0) })
        return Set(
            desired.functions.filter { function in
                guard let old = existing[function.signature] else { return false }
                return old.definition != function.definition && old.result != function.result
            }.map(\.signature))
    }
}
