import Foundation
import RLSPostgres
import RLSSQL

extension EmbeddedCluster {
    /// Creates a new Supabase-shaped database owned by `postgres`, copied from the shaped template,
    /// with this cluster's default privileges. Returns its URL as `postgres`.
    ///
    /// `name` must be a plain identifier (letters, digits, underscores).
    public func createDatabase(_ name: String) throws -> String {
        try createDatabase(name, defaultPrivileges: options.defaultPrivileges)
    }

    /// Creates a new Supabase-shaped database with the given default privileges; returns its URL as `postgres`.
    public func createDatabase(_ name: String, defaultPrivileges: DefaultPrivileges) throws -> String {
        // Plain names only, because the name is also spliced unescaped into the returned URL; in SQL it is
        // quoted all the same.
        guard let first = name.unicodeScalars.first, first == "_" || (first.properties.isASCIIHexDigit || first.properties.isAlphabetic),
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }),
            name.utf8.count < 64
        else {
            throw EmbeddedClusterError(
                kind: .shapeFailed, message: "Database name \"\(name)\" must be letters, digits and underscores, under 64 characters.")
        }
        if let scratchServer { return try scratchServer.createDatabase(name, defaultPrivileges: defaultPrivileges) }
        let admin = try Connection(url: socketConninfo())
        defer { admin.close() }
        let template = ClusterSettings.templateDatabase(defaultPrivileges)
        try admin.execute("create database \(quoteIdentifier(name)) template \(quoteIdentifier(template)) owner postgres")
        return url(database: name)
    }

    /// Drops a database made by ``createDatabase(_:)``, ending its sessions first.
    public func dropDatabase(_ name: String) throws {
        if let scratchServer { return try scratchServer.dropDatabase(name) }
        let admin = try Connection(url: socketConninfo())
        defer { admin.close() }
        try admin.execute("drop database if exists \(quoteIdentifier(name)) with (force)")
    }
}
