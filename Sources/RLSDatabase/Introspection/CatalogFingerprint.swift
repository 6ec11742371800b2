import RLSEmbedded
import RLSMigrations
import RLSPostgres

/// A digest of everything one introspection read: two databases with the same fingerprint hold the
/// same catalog, so a plan between them is empty without decoding or diffing anything.
///
/// Rows are hashed in sorted order (the queries' row order can differ between two databases holding
/// the same objects), each tagged with the query it came from, NULL told apart from every string.
enum CatalogFingerprint {
    static func of(_ results: [QueryResult]) -> String {
        var lines: [String] = []
        for (query, result) in results.enumerated() {
            for row in result.rows {
                lines.append("\(query)\u{1E}" + row.values.map { $0.map { "=" + $0 } ?? "\u{0}" }.joined(separator: "\u{1F}"))
            }
        }
        return SHA256.hexDigest(of: lines.sorted().joined(separator: "\n").utf8)
    }
}
