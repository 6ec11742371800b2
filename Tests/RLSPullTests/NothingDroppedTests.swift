import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31, nothing silently dropped: a database holding at least one object of every kind a user
/// schema can hold is pulled; a walk of `pg_catalog` (``CatalogWalk``, which does not use rls's
/// introspection) then finds every object of the user's either replayed by the baseline on a fresh
/// database, exactly as it was, or named in pull's notes. An object that is neither fails the test
/// by name.
@Suite("Nothing silently dropped")
struct NothingDroppedTests {
    /// One of every kind, with the dependencies that make the order matter: a domain over a
    /// function's check, a table using the domain, composite and range types, a sequence a default
    /// draws from, an aggregate over the user's own function, a view using the aggregate.
    static let database = """
        create extension if not exists citext with schema extensions;
        create schema walk;
        comment on schema walk is 'Everything a schema can hold';
        create function walk.is_email(t text) returns boolean language sql immutable as $$ select t like '%@%' $$;
        create domain walk.email as extensions.citext not null check (walk.is_email(value::text));
        comment on domain walk.email is 'An address';
        create type walk.pair as (a integer, b text);
        comment on column walk.pair.a is 'first';
        create type walk.mood as enum ('calm', 'busy');
        create function walk.gap(a float8, b float8) returns float8 language sql immutable as $$ select a - b $$;
        create type walk.span as range (subtype = float8, subtype_diff = walk.gap);
        create sequence walk.ticket start with 100 increment by 5;
        comment on sequence walk.ticket is 'Ticket numbers';
        select nextval('walk.ticket'), nextval('walk.ticket');
        create table walk.person (
          id bigint generated always as identity primary key,
          ticket bigint not null default nextval('walk.ticket'),
          mail walk.email,
          p walk.pair,
          during walk.span,
          mood walk.mood not null default 'calm',
          serial_number serial,
          unique (ticket)
        );
        comment on table walk.person is 'People';
        comment on column walk.person.mail is 'Where to write';
        create index person_mood on walk.person (mood);
        create function walk.add_up(total bigint, n bigint) returns bigint language sql immutable
          as $$ select coalesce(total, 0) + coalesce(n, 0) $$;
        create aggregate walk.total(bigint) (sfunc = walk.add_up, stype = bigint, initcond = '0');
        create procedure walk.archive(n integer) language sql as $$ select n $$;
        revoke execute on procedure walk.archive(integer) from public;
        grant execute on procedure walk.archive(integer) to authenticated;
        comment on aggregate walk.total(bigint) is 'A sum';
        create view walk.tickets with (security_invoker = true) as select walk.total(ticket) as sum from walk.person;
        create materialized view walk.moods as select mood, count(*) as n from walk.person group by mood;
        create unique index moods_mood on walk.moods (mood);
        comment on materialized view walk.moods is 'People per mood';
        grant select on walk.moods to service_role;
        create function walk.touch() returns trigger language plpgsql as $$ begin return new; end $$;
        create trigger person_touch before update on walk.person for each row execute function walk.touch();
        create function walk.on_signup() returns trigger language plpgsql security definer set search_path = ''
          as $$ begin return new; end $$;
        create trigger walk_on_signup after insert on auth.users for each row execute function walk.on_signup();
        alter table walk.person enable row level security;
        create policy "people read" on walk.person for select to authenticated using (true);
        alter publication supabase_realtime add table walk.person;
        create function walk.ddl_note() returns event_trigger language plpgsql as $$ begin null; end $$;
        create function walk.pair_text(walk.pair) returns text language sql immutable as $$ select $1::text $$;
        create cast (walk.pair as text) with function walk.pair_text(walk.pair);
        create function walk.pair_eq(walk.pair, walk.pair) returns boolean language sql immutable as $$ select $1 = $2 $$;
        create operator walk.=== (leftarg = walk.pair, rightarg = walk.pair, function = walk.pair_eq);
        create collation walk.bytewise from "C";
        create text search configuration walk.simple_walk (copy = pg_catalog.simple);
        create rule person_no_delete as on delete to walk.person do instead nothing;
        create statistics walk.person_stats on mood, ticket from walk.person;
        create publication walk_feed for table walk.person;
        create function walk.stamp_file() returns trigger language plpgsql as $$ begin return new; end $$;
        create trigger walk_stamp_file before insert on storage.objects for each row execute function walk.stamp_file();
        create policy "walk lists buckets" on storage.buckets for select to authenticated using (true);
        """

    /// Made by a superuser, as on Supabase (where supautils lets `postgres` make it).
    static let eventTrigger = "create event trigger walk_ddl on ddl_command_end execute function walk.ddl_note();"

    @Test func everyObjectIsReplayedOrNamed() throws {
        let (_, empty) = try TestDatabase.make()
        defer { empty.close() }
        let fresh = try CatalogWalk.read(empty)
        let (url, original) = try TestDatabase.make()
        defer { original.close() }
        try original.execute(Self.database)
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(Self.eventTrigger)
        let pull = try Pull(connection: original, name: "Walk", origin: "a test database")
        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")

        let before = CatalogWalk.userObjects(try CatalogWalk.read(original), beyond: fresh)
        let after = CatalogWalk.userObjects(try CatalogWalk.read(replayed), beyond: fresh)
        // The walk sees every kind the database was given (else it would pass by seeing nothing).
        let kinds = Set(before.keys.map { $0.components(separatedBy: " walk").first ?? $0 })
        for kind in Self.kindsInTheDatabase {
            #expect(before.keys.contains { $0.hasPrefix(kind + " ") }, "the walk did not see a \(kind): \(kinds.sorted())")
        }
        let notes = pull.pulled.notes
        let lost = before.filter { after[$0.key] != $0.value }.keys.sorted()
        let dropped = lost.filter { object in !notes.contains { $0.message.hasPrefix("NOT in the baseline") && $0.names(object) } }
        #expect(
            dropped.isEmpty,
            """
            neither replayed by the baseline nor named by pull:
            \(dropped.map { "\($0): \(before[$0] ?? "") / after: \(after[$0] ?? "missing")" }.joined(separator: "\n"))
            notes:
            \(notes.map(\.description).joined(separator: "\n"))
            """)
        // What pull carries as written is declared in the Swift, so `rls plan` builds it too: the
        // pulled schema, built on a throwaway database, is what the original holds.
        let swift = pull.sources.files.values.joined()
        for declaration in [
            "AsWritten(.domain, \"walk.email\"", "AsWritten(.compositeType, \"walk.pair\"", "AsWritten(.rangeType, \"walk.span\"",
            "AsWritten(.aggregate, \"walk.total\", arguments: \"bigint\"", "AsWritten(.sequence, \"walk.ticket\"",
            ".materialized()",
        ] {
            #expect(swift.contains(declaration), "\(declaration) missing from the pulled Swift")
        }
        let desiredSQL = try renderValidated(pull.pulled.schema)
        let drift = try Drift.plan(target: original, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        // The materialized view is declared too (with its index, comment and grant): plan leaves it.
        let asWritten: Set<Change.ObjectKind> = [.domain, .compositeType, .rangeType, .aggregate, .sequence, .view, .index]
        let changed = drift.changes.filter { asWritten.contains($0.object) || $0.name.contains("moods") }
        #expect(changed.isEmpty, "drift after pull:\n\(changed.map(\.sql).joined(separator: "\n"))")
    }

    /// The kinds of object `database` holds, as the walk names them.
    static let kindsInTheDatabase = [
        "schema", "table", "table column", "table constraint", "index", "view", "materialized view", "sequence", "function",
        "type", "domain", "domain constraint", "trigger", "policy", "extension", "event trigger", "publication",
        "publication relation", "cast", "operator", "collation", "text search configuration", "rule", "statistics object",
        "comment on",
    ]
}

extension PullNote {
    /// True when the note is about the walk's `object` (`type identity`, maybe with a facet in
    /// brackets): it names the same identity.
    func names(_ object: String) -> Bool {
        let bare =
            object.hasSuffix(")") && object.contains(" (")
            ? String(object[..<object.range(of: " (", options: .backwards)!.lowerBound]) : object
        return [object, bare].contains(self.object)
    }
}
