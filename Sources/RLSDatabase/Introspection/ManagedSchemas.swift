import RLSEmbedded
import RLSMigrations
import RLSModel
import RLSPostgres

/// Which schemas `rls` manages: everything but Supabase's and Postgres's own.
///
/// Objects in the excluded schemas are never read, with two exceptions the DSL may declare:
/// triggers on `auth.users` and policies on `storage.objects`.
enum ManagedSchemas {
    /// Schemas that Supabase or Postgres own, by exact name.
    static let excluded = SupabaseSchemas.owned

    /// Schemas that Supabase or Postgres own, by `LIKE` pattern.
    static let excludedPatterns = SupabaseSchemas.ownedLikePatterns

    /// An SQL condition true when the namespace name in `column` is managed.
    static func condition(_ column: String) -> String {
        let names = excluded.map { "'\($0)'" }.joined(separator: ", ")
        let patterns = excludedPatterns.map { "\(column) not like '\($0)'" }.joined(separator: " and ")
        return "(\(column) not in (\(names)) and \(patterns))"
    }

    /// An SQL condition true when the object `oid` in catalog `catalog` is not part of an extension.
    /// (A correlated index probe: its cost does not hang on catalog statistics, which are stale
    /// right after a schema is created.)
    static func notExtensionMember(_ oid: String, catalog: String) -> String {
        """
        not exists (select 1 from pg_depend e
                    where e.classid = '\(catalog)'::regclass and e.objid = \(oid) and e.deptype = 'e')
        """
    }

    /// An SQL condition true when the function (or, in `catalog`, cast) `oid` is not one Postgres made for a type (the
    /// constructors and casts of a range or multirange type depend on it internally): it goes with its type,
    /// never on its own.
    static func notPartOfAType(_ oid: String, catalog: String = "pg_proc") -> String {
        """
        not exists (select 1 from pg_depend i
                    where i.classid = '\(catalog)'::regclass and i.objid = \(oid) and i.deptype = 'i')
        """
    }
}
