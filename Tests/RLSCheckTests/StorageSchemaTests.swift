import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The embedded and test databases carry Supabase's storage schema; the DSL may not declare
/// Supabase's own tables.
@Suite struct StorageSchemaTests {
    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func storageIsShapedLikeHostedSupabase(_ privileges: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(privileges)
        let tables = try db.query(
            """
            select c.relname as name, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls,
                   has_table_privilege('authenticated', c.oid, 'insert') as authenticated_insert
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'storage' and c.relkind = 'r' order by 1
            """
        ).rows
        #expect(tables.map { $0["name"] } == ["buckets", "objects"])
        #expect(tables.allSatisfy { $0["owner"] == "supabase_storage_admin" && $0["rls"] == "t" && $0["authenticated_insert"] == "t" })
        let helpers = try db.query(
            """
            select storage.foldername('user-1/cars/photo.png')::text as folders, storage.filename('user-1/cars/photo.png') as file,
                   storage.extension('user-1/cars/photo.png') as ext
            """
        ).first
        #expect(helpers?["folders"] == "{user-1,cars}")
        #expect(helpers?["file"] == "photo.png")
        #expect(helpers?["ext"] == "png")
        // postgres adds buckets and policies; storage.objects stays supabase_storage_admin's (no ALTER by postgres).
        try db.execute("insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true)")
        #expect(throws: DatabaseError.self) { try db.execute("alter table storage.objects add column x int") }
    }

    /// Issue 32: the storage service refuses deletes in SQL unless the transaction says it is the
    /// Storage API (`storage.allow_delete_query`), for every role, as supabase/storage's
    /// `storage.protect_delete()` does; RLS still decides which rows a permitted delete reaches.
    @Test func directDeletesMeetTheStorageServicesGuard() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute(
            "insert into storage.buckets (id, name) values ('b', 'b'); insert into storage.objects (bucket_id, name) values ('b', 'x/y.txt')"
        )
        for statement in ["delete from storage.objects where bucket_id = 'b'", "delete from storage.buckets where id = 'b'"] {
            for role in ["postgres", "service_role", "authenticated"] {
                let error = #expect(throws: DatabaseError.self) {
                    try db.execute("begin; set local role \(role); \(statement); rollback;")
                }
                try? db.execute("rollback")
                #expect(error?.sqlState == "42501", "\(role): \(statement)")
                #expect(error?.message.contains("Use the Storage API instead") == true)
            }
        }
        // With the setting, as the Storage API deletes, the delete goes through.
        try db.execute(
            "begin; select set_config('storage.allow_delete_query', 'true', true); delete from storage.objects where bucket_id = 'b'; commit;"
        )
        #expect(try db.query("select count(*)::int as n from storage.objects").rows[0].int("n") == 0)
    }

    @Test func declaringSupabasesTablesIsAValidationError() throws {
        let schema = Schema {
            Table("objects", schema: "storage") {
                Column("id", .uuid).primaryKey()
            }
            .access(read: .public, write: .noAccess)
        }
        let error = #expect(throws: SchemaValidationError.self) { try schema.validate() }
        #expect(error?.errors.first?.message.contains("schema storage belongs to Supabase") == true, "\(String(describing: error))")
    }
}
