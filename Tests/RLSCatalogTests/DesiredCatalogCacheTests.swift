import Foundation
import RLSCatalog
import Testing

@testable import RLSDatabase

/// `.rls/cache` keeps the desired states used last, not one more for every edit of the schema.
@Suite struct DesiredCatalogCacheTests {
    /// Stores the desired state of `sql` (an empty catalog: only the files matter here).
    static func store(_ sql: String, in cache: DesiredCatalogCache) throws {
        _ = try cache.catalog(for: sql, defaultPrivileges: .none) { (Catalog(), "fingerprint of \(sql)", nil, nil) }
    }

    @Test func onlyTheDesiredStatesUsedLastStay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-cache-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = DesiredCatalogCache(directory: directory)
        let schemas = (0..<10).map { "create table note_\($0) (id int);" }
        for (number, sql) in schemas.prefix(DesiredCatalogCache.kept).enumerated() {
            try Self.store(sql, in: cache)
            // Each entry last used a minute after the one before, long ago: the order is unambiguous.
            let used = Date(timeIntervalSince1970: 1_600_000_000 + Double(number) * 60)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".fingerprint") {
                let path = (directory as NSString).appendingPathComponent(name)
                if String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self).contains(sql) {
                    try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: path)
                }
            }
        }
        // The oldest entry is used again (a no-op plan reads its fingerprint), so it is now the newest.
        #expect(cache.fingerprint(for: schemas[0], defaultPrivileges: .none) == "fingerprint of \(schemas[0])")
        try Self.store(schemas[8], in: cache)
        try Self.store(schemas[9], in: cache)

        let kept = schemas.filter { cache.fingerprint(for: $0, defaultPrivileges: .none) != nil }
        #expect(kept == [schemas[0]] + Array(schemas[3...9]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 2 * DesiredCatalogCache.kept)
    }
}
