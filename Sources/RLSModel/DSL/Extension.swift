/// A Postgres extension the schema needs (`create extension`), in the schema that holds its
/// objects: Supabase puts extensions in `extensions` unless told otherwise.
///
/// ```swift
/// Extension("citext")
/// // create extension if not exists "citext" with schema "extensions";
/// Extension("unaccent", schema: "app")
/// // create schema if not exists "app";
/// // create extension if not exists "unaccent" with schema "app";
/// ```
///
/// The extensions every Supabase database already has (``SupabaseExtensions/preinstalled``:
/// `uuid-ossp`, `pgcrypto`, `plpgsql`, ...) need no declaration. Plan and diff create a declared
/// extension the database lacks and drop (under `--allow-destructive`) one it has that no longer
/// is declared. The objects an extension owns (its functions, types) are never declared.
public struct Extension: Sendable, Hashable {
    /// The extension's name, as `pg_available_extensions` lists it: `unaccent`, `citext`.
    public var name: String
    /// The schema that holds its objects.
    public var schema: String
    /// Where it was declared.
    public var source: DeclarationSite

    /// The schema Supabase installs extensions in.
    public static let defaultSchema = "extensions"

    /// Declares extension `name`, installed in `schema`.
    public init(_ name: String, schema: String = Extension.defaultSchema, fileID: String = #fileID, line: Int = #line) {
        self.name = name
        self.schema = schema
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}
