import RLSModel
import RLSSQL

extension CatalogDiff {
    /// Domains, composite and range types, aggregates and standalone sequences, compared by the
    /// statements that create them: types and sequences are created with the enums (before the
    /// tables that use them), aggregates with the functions. A changed type or aggregate is dropped
    /// and created again (destructive: it fails while a column or view uses it); a changed sequence
    /// is altered, keeping its value. One the schema no longer declares is dropped with the enums
    /// (an aggregate with the functions).
    mutating func diffAsWritten() {
        let existing = Dictionary(current.asWritten.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = Set(desired.asWritten.map(\.identity))
        for object in desired.asWritten {
            let phase: DiffPhase = object.kind == .aggregate ? .createFunction : .createEnum
            let provides: SQLObject? = object.kind == .aggregate ? .function(object.name) : nil
            guard let old = existing[object.identity] else {
                add(
                    phase, Change(kind: .create, object: object.kind.changeObject, name: object.identity, sql: object.definition),
                    provides: provides)
                continue
            }
            guard old.definition != object.definition else { continue }
            if object.kind == .sequence {
                var sql = "ALTER" + object.definition.dropFirst("CREATE".count)
                if !object.definition.contains("\nCOMMENT ON "), old.definition.contains("\nCOMMENT ON ") {
                    sql += "\nCOMMENT ON SEQUENCE \(object.name.sql) IS NULL;"
                }
                add(phase, Change(kind: .alter, object: .sequence, name: object.identity, sql: sql))
            } else {
                add(
                    phase,
                    Change(
                        kind: .alter, object: object.kind.changeObject, name: object.identity, isDestructive: true,
                        sql: old.dropSQL + "\n" + object.definition),
                    provides: provides)
            }
        }
        for object in current.asWritten where !wanted.contains(object.identity) {
            add(
                object.kind == .aggregate ? .dropFunction : .dropEnum,
                Change(
                    kind: .drop, object: object.kind.changeObject, name: object.identity, isDestructive: object.kind != .aggregate,
                    sql: object.dropSQL))
        }
    }
}

extension AsWritten.Kind {
    /// The kind of object a change to one touches.
    var changeObject: Change.ObjectKind {
        switch self {
        case .domain: .domain
        case .compositeType: .compositeType
        case .rangeType: .rangeType
        case .aggregate: .aggregate
        case .sequence: .sequence
        }
    }
}
