import RLSModel
import RLSSQL

/// Each table's access SQL (row-level security, revokes, grants, policies) exactly as
/// `RLSSQL.render` writes it, cut from its "Access to <table>" section, so the page shows
/// the very statements the migrations run rather than a second rendering.
struct RenderedAccessSQL {
    private var sections: [TableName: String] = [:]

    /// Cuts the sections out of the schema's rendered SQL.
    init(_ schema: Schema) {
        let rendered = render(schema)
        let rule = "-- " + String(repeating: "=", count: 76)
        for table in schema.tables {
            let header = "\n-- Access to \(table.qualifiedName): "
            guard let start = rendered.firstRange(of: header) else { continue }
            let afterHeader = rendered[start.upperBound...]
            guard let bodyStart = afterHeader.firstRange(of: rule + "\n") else { continue }
            let body = afterHeader[bodyStart.upperBound...]
            let end = body.firstRange(of: "\n\n" + rule)?.lowerBound ?? body.endIndex
            sections[table.qualifiedName] = String(body[..<end]).trimmingTrailingNewlines
        }
        // A renderer that changed its layout would otherwise silently drop the SQL: fall back to the policies.
        for table in schema.tables where sections[table.qualifiedName] == nil {
            sections[table.qualifiedName] = compiledPolicies(of: table, in: schema).map(\.sql).joined(separator: "\n")
        }
    }

    /// The access SQL of `table`.
    func sql(of table: Table) -> String { sections[table.qualifiedName] ?? "" }
}
