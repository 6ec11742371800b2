import RLSCatalog
import RLSModel

extension Catalog {
    /// A trigger's or policy's key in a catalog: its table and name.
    struct TableScopedName: Hashable {
        let table: QualifiedName
        let name: String
    }

    /// A way to make one list of objects from the same list of several catalogs, each object known
    /// by its key (an increment's merge, a split build's union); nil when they cannot be combined.
    protocol ListCombination {
        func combine<Value: Equatable, Key: Hashable>(_ lists: [[Value]], by key: (Value) -> Key) -> [Value]?
    }

    /// The catalog whose every list of objects is `combination` of that list in `catalogs`, with
    /// `defaultPrivileges` and `environment`; nil when a list cannot be combined, or a name would be
    /// taken twice (``takesEveryRelationNameOnce``). The one place that names a catalog's lists and
    /// their keys for such combinations.
    static func combining(
        _ catalogs: [Catalog], _ combination: some ListCombination, defaultPrivileges: [DefaultPrivilege], environment: Environment
    ) -> Catalog? {
        func list<Value: Equatable, Key: Hashable>(_ path: KeyPath<Catalog, [Value]>, by key: (Value) -> Key) -> [Value]? {
            combination.combine(catalogs.map { $0[keyPath: path] }, by: key)
        }
        guard let schemas = list(\.schemas, by: \.name), let enums = list(\.enums, by: \.name),
            let tables = list(\.tables, by: \.name), let views = list(\.views, by: \.name),
            let functions = list(\.functions, by: \.signature),
            let triggers = list(\.triggers, by: { TableScopedName(table: $0.table, name: $0.name) }),
            let policies = list(\.policies, by: { TableScopedName(table: $0.table, name: $0.name) }),
            let grants = list(\.grants, by: { $0 }), let sequences = list(\.sequences, by: { $0 }),
            let asWritten = list(\.asWritten, by: \.key)
        else { return nil }
        let combined = Catalog(
            schemas: schemas, enums: enums, tables: tables, views: views, functions: functions, triggers: triggers,
            policies: policies, grants: grants, sequences: sequences, asWritten: asWritten, defaultPrivileges: defaultPrivileges,
            environment: environment)
        return combined.takesEveryRelationNameOnce ? combined : nil
    }
}

extension Catalog.AsWrittenObject {
    /// Its key in a catalog: its kind, name and (an aggregate's) arguments.
    var key: Key { Key(kind: kind, name: name, arguments: arguments) }

    struct Key: Hashable {
        let kind: AsWritten.Kind
        let name: QualifiedName
        let arguments: String?
    }
}
