import Foundation
public import RLSCatalog
public import RLSDatabase

/// `rls pull`: a database read into Swift DSL source and an exact baseline migration.
///
/// The library entry point, so that `rls pull` and a scaffolding command (`rls init --from-database`)
/// share it:
///
///     let pull = try Pull(connection: connection, name: "MyApp", origin: "production")
///     try pull.write(sources: "Sources/Policies", migrations: MigrationDirectory(path: "Migrations"))
public struct Pull: Sendable {
    /// What the database holds, as introspection read it.
    public var catalog: Catalog
    /// The same as DSL values, with what could not be expressed.
    public var pulled: PulledSchema
    /// The Swift files to write.
    public var sources: SwiftSourceFiles
    /// SQL that creates exactly `catalog` on an empty Supabase database, then the rows of the tables
    /// named with `data`.
    public var baselineSQL: String
    /// The tables whose rows the baseline carries, and how many each gave.
    public var referenceData: [(table: String, rows: Int)] = []

    /// Reads the database behind `connection` (read-only, one snapshot) and prints it as the enum
    /// `name`; the rows of the tables in `data` (``ReferenceData``) end the baseline.
    public init(connection: Connection, name: String, origin: String, data: [String] = []) throws {
        let catalog = try connection.introspectCatalog()
        self.init(catalog: catalog, name: name, origin: origin)
        var unread = try connection.unmodelledObjects().map { kind, object in
            PullNote(
                "\(kind) \(object)",
                "NOT in the baseline or the Swift: rls does not carry this kind of object; add its statement to the baseline "
                    + "by hand, after what it uses and before what uses it, or the baseline will not give the database back")
        }
        unread += try connection.standaloneSequenceValues().map { name, value in
            PullNote(
                "sequence \(name)",
                "declared AsWritten; its current value (\(value)) is data, which the baseline does not set: on a copy that must "
                    + "go on numbering from there, run select setval('\(name)', \(value));")
        }
        if !unread.isEmpty {
            pulled.notes = (pulled.notes + unread).sorted()
            sources = SwiftSourceFiles(pulled, name: name, origin: origin)
        }
        if !data.isEmpty {
            let rows = try ReferenceData(tables: data, in: catalog, connection: connection)
            referenceData = rows.rowCounts
            if !rows.sql.isEmpty { baselineSQL += "\n\n" + rows.sql + "\n" }
        }
    }

    /// Prints a catalog already read.
    public init(catalog: Catalog, name: String, origin: String) {
        self.catalog = catalog
        // The file the schema is written to, in the schema target `Policies` (Docs/ADOPTING.md's name).
        self.pulled = PulledSchema(catalog: catalog, fileID: "Policies/\(name).swift")
        self.sources = SwiftSourceFiles(pulled, name: name, origin: origin)
        let plan = ChangePlan(from: .newSupabaseDatabase(defaultPrivileges: catalog.newProjectDefaultPrivileges), to: catalog)
        self.baselineSQL = """
            -- Baseline written by `rls pull` from \(origin.escapedForDisplay): the database exactly as it was, \(plan.summary).
            -- That database already holds it: record it there without running it, with
            -- `rls apply --mark-applied VERSION`. On an empty database it runs like any migration.


            """ + plan.sql
    }

    /// The Swift files that already exist in `folder` and would be replaced.
    public func existingFiles(in folder: String) -> [String] {
        sources.files.keys.sorted().filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)") }
    }

    /// Writes the Swift files into `sources` (created if missing) and the baseline as a new file in
    /// `migrations`; returns the baseline file.
    @discardableResult
    public func write(sources folder: String, migrations: MigrationDirectory, at date: Date = Date()) throws -> MigrationFile {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, contents) in sources.files.sorted(by: { $0.key < $1.key }) {
            try contents.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
        }
        return try migrations.write(name: "baseline", sql: baselineSQL, at: date)
    }
}
