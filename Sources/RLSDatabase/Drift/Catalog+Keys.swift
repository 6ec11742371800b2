import RLSCatalog
import RLSModel

extension Catalog {
    /// A trigger's or policy's key in a catalog: its table and name.
    struct TableScopedName: Hashable {
        let table: QualifiedName
        let name: String
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
