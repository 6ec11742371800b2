import RLSCatalog
import RLSModel
import RLSPostgres

extension CatalogRows {
    /// The objects of ``IntrospectionQuery/asWritten`` (whose kinds are ``RLSModel/AsWritten/Kind``'s names).
    static func asWritten(_ result: QueryResult) throws -> [Catalog.AsWrittenObject] {
        try result.compactMap { row in
            guard let kind = AsWritten.Kind(rawValue: try row.string("kind")) else { return nil }
            return Catalog.AsWrittenObject(
                kind: kind, name: try name(row, "schema", "name"), arguments: row["arguments"],
                definition: try row.string("definition"))
        }
    }
}
