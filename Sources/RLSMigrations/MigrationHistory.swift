import RLSPostgres
import RLSSQL

/// The history tables: Supabase CLI's `supabase_migrations.schema_migrations` (`version text`
/// primary key, `statements text[]`, `name text`, created the way the CLI creates it) and, beside
/// it, our `supabase_migrations.rls_checksums` (`version`, `checksum`, `applied_at`), so both
/// tools agree on what was applied and rls can tell when an applied file was edited.
enum MigrationHistory {
    /// What exists of the history tables.
    struct Shape {
        var hasHistory: Bool
        var hasStatements: Bool
        var hasName: Bool
        var hasChecksums: Bool
    }

    static let shapeQuery = """
        select to_regclass('supabase_migrations.schema_migrations') is not null as history,
               exists (select from pg_catalog.pg_attribute
                       where attrelid = to_regclass('supabase_migrations.schema_migrations')
                         and attname = 'statements' and not attisdropped) as statements,
               exists (select from pg_catalog.pg_attribute
                       where attrelid = to_regclass('supabase_migrations.schema_migrations')
                         and attname = 'name' and not attisdropped) as name,
               to_regclass('supabase_migrations.rls_checksums') is not null as checksums
        """

    /// Reads which history tables and columns exist.
    static func shape(on connection: Connection) throws -> Shape {
        let row = try connection.query(shapeQuery).rows[0]
        return Shape(
            hasHistory: try row.bool("history"), hasStatements: try row.bool("statements"),
            hasName: try row.bool("name"), hasChecksums: try row.bool("checksums"))
    }

    /// Creates whatever is missing, exactly as the Supabase CLI does for its table, and touches
    /// nothing that exists (an `ALTER TABLE` would lock the CLI out for the whole apply).
    static func create(missingFrom shape: Shape, on connection: Connection) throws {
        var statements: [String] = []
        if !shape.hasHistory {
            statements += [
                "CREATE SCHEMA IF NOT EXISTS supabase_migrations",
                "CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY)",
            ]
        }
        if !shape.hasStatements {
            statements.append("ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[]")
        }
        if !shape.hasName {
            statements.append("ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text")
        }
        if !shape.hasChecksums {
            statements.append(
                """
                CREATE TABLE IF NOT EXISTS supabase_migrations.rls_checksums (\
                version text NOT NULL PRIMARY KEY, checksum text NOT NULL, \
                applied_at timestamptz NOT NULL DEFAULT now())
                """)
        }
        guard !statements.isEmpty else { return }
        try connection.execute(statements.joined(separator: ";\n"))
    }

    /// The history rows, sorted by version; empty when the table does not exist.
    static func read(on connection: Connection, shape: Shape) throws -> [AppliedMigration] {
        guard shape.hasHistory else { return [] }
        let name = shape.hasName ? "m.name" : "null::text"
        // The CLI's recorded statements, only where no checksum vouches for the file.
        let statements = shape.hasStatements ? "m.statements" : "null::text[]"
        let sql: String
        if shape.hasChecksums {
            sql = """
                select m.version, \(name) as name, c.checksum,
                       case when c.checksum is null then \(statements) end as statements
                from supabase_migrations.schema_migrations m
                left join supabase_migrations.rls_checksums c on c.version = m.version
                order by m.version
                """
        } else {
            sql = """
                select m.version, \(name) as name, null::text as checksum, \(statements) as statements
                from supabase_migrations.schema_migrations m order by m.version
                """
        }
        return try connection.query(sql).rows.map { row in
            AppliedMigration(
                version: try row.string("version"), name: row["name"], checksum: row["checksum"],
                statements: try row.optionalStringArray("statements"))
        }
    }

    /// The statements that record `file` as applied, for the end of the apply pipeline; the values
    /// travel as parameters.
    static func recordStatements(for file: MigrationFile) -> [PipelineStatement] {
        [
            PipelineStatement(
                "INSERT INTO supabase_migrations.schema_migrations (version, name, statements) VALUES ($1, $2, $3::text[])",
                [file.version, file.name, file.statements.map(\.text)]),
            PipelineStatement(
                "INSERT INTO supabase_migrations.rls_checksums (version, checksum) VALUES ($1, $2) "
                    + "ON CONFLICT (version) DO UPDATE SET checksum = excluded.checksum, applied_at = now()",
                [file.version, file.checksum]),
        ]
    }
}
