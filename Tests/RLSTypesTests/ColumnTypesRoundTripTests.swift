import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Every column type the DSL knows, and names a Swift identifier cannot hold as they are, through
/// PostgreSQL and back: an owner-only diary written and read by alice under row-level security.
@Suite("rls types: every column type round trips through PostgreSQL's JSON")
struct ColumnTypesRoundTripTests {
    static let schema = Schema {
        EnumType("mood", values: "happy", "so-so", "default")
        Table("diary") {
            Column("id", .uuid).default(.randomUUID).primaryKey()
            Column("owner_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("day", .date)
            Column("written_at", .timestamptz).default(.now)
            Column("local_time", .timestamp).nullable()
            Column("mood", .enumeration("mood"))
            Column("moods", .array(.enumeration("mood"))).default(.raw(SQL(raw: "'{}'")))
            Column("details", .jsonb).nullable()
            Column("score", .numeric(12, 4))
            Column("steps", .integer)
            Column("distance_m", .bigint)
            Column("floors", .smallint)
            Column("ratio", .doublePrecision)
            Column("ratio4", .real)
            Column("done", .boolean).default(false)
            Column("tags", .array(.text))
            Column("default", .text).nullable()
            Column("Weird \"name\"", .varchar(20)).nullable()
            Column("blob", .bytea).nullable()
            Column("ip", .raw(SQL(raw: "inet"))).nullable()
        }
        .access(.owner(column: "owner_id"))
        .updatable(only: "day", "mood", "details", "score", "default")
    }

    static let main = #"""
        import Foundation

        let encoder = PostgresJSON.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }

        switch CommandLine.arguments[1] {
        case "insert":
            print(try json(Diary.Insert(
                day: PostgresJSON.date(from: "2026-02-28")!, writtenAt: PostgresJSON.date(from: "2026-02-28T23:59:59.999999+00:00")!,
                localTime: PostgresJSON.date(from: "2026-02-28T07:05:00.5")!, mood: .soSo, moods: [.happy, .default],
                details: .object(["a": .number(1.5), "b": .array([.bool(true), .null, .string("x\"y")])]),
                score: Decimal(string: "12.3456")!, steps: 12_000, distanceM: 9_007_199_254_740_993, floors: -3, ratio: 0.25, ratio4: 1.5,
                done: true, tags: ["walk", "ünïcode"], default: "keyword", weirdName: "quoted", blob: "\\x01ff", ip: "192.168.0.1/24")))
        case "update":
            print(try json(Diary.Update(day: PostgresJSON.date(from: "2026-03-01")!, mood: .happy, details: .some(nil), default: .some(nil))))
        case "decode":
            let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[2]))
            for row in try PostgresJSON.decoder().decode([Diary].self, from: data) {
                let details = try row.details.map { try json($0) } ?? "null"
                print(
                    "day=\(PostgresJSON.text(from: row.day)) writtenAt=\(PostgresJSON.text(from: row.writtenAt))"
                        + " localTime=\(row.localTime.map { PostgresJSON.text(from: $0) } ?? "null") mood=\(row.mood.rawValue)"
                        + " moods=\(row.moods.map(\.rawValue).joined(separator: "|")) details=\(details) score=\(row.score)"
                        + " steps=\(row.steps) distanceM=\(row.distanceM) floors=\(row.floors) ratio=\(row.ratio) ratio4=\(row.ratio4)"
                        + " done=\(row.done) tags=\(row.tags.joined(separator: "|")) default=\(row.default ?? "null")"
                        + " weirdName=\(row.weirdName ?? "null") blob=\(row.blob ?? "null") ip=\(row.ip ?? "null")")
            }
        default:
            fatalError("unknown command")
        }
        """#

    @Test("inserted as alice, updated as alice, read back as alice; bob reads nothing")
    func roundTrip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let types = try TypesSnapshot.file(Self.schema)
        #expect(types.contains("public var `default`: String?"))
        #expect(types.contains("case weirdName = \"Weird \\\"name\\\"\""))
        let program = try SwiftProgram(["Database.swift": types, "main.swift": Self.main], in: folder)

        let (_, db) = try TestDatabase.make()
        try db.transaction { try $0.execute(render(Self.schema)) }
        let (alice, bob) = (SignedInUser.alice, SignedInUser.bob)
        try db.execute(
            AuthUsers.signUpSQL([
                AuthUsers.SignUp(id: alice.id, email: alice.email, fullName: "A"),
                AuthUsers.SignUp(id: bob.id, email: bob.email, fullName: "B"),
            ]))

        #expect(try alice.insert(try program("insert"), into: "public.diary", db) == 1)
        let stored = try #require(
            try db.query(
                """
                select owner_id::text, day::text, written_at = '2026-02-28 23:59:59.999999+00' as written, local_time::text, mood::text,
                  moods::text, details = '{"a": 1.5, "b": [true, null, "x\\"y"]}'::jsonb as details, score::text, distance_m::text,
                  tags::text, "default", \"Weird \"\"name\"\"\", blob::text, ip::text
                from public.diary
                """
            ).first)
        #expect(try stored.string("owner_id") == alice.id)
        #expect(try stored.string("day") == "2026-02-28")
        #expect(try stored.bool("written"))
        #expect(try stored.string("local_time") == "2026-02-28 07:05:00.5")
        #expect(try stored.string("moods") == "{happy,default}")
        #expect(try stored.bool("details"))
        #expect(try stored.string("score") == "12.3456")
        #expect(try stored.string("distance_m") == "9007199254740993")
        #expect(try stored.string("tags") == "{walk,ünïcode}")
        #expect(try stored.string("blob") == "\\x01ff")
        #expect(try stored.string("ip") == "192.168.0.1/24")

        #expect(try alice.update(try program("update"), table: "public.diary", where: "true", db) == 1)
        // Bob's update reaches no row: the diary is alice's.
        #expect(try bob.update(try program("update"), table: "public.diary", where: "true", db) == 0)

        let expected =
            "day=2026-03-01T00:00:00.000000+00:00 writtenAt=2026-02-28T23:59:59.999999+00:00 localTime=2026-02-28T07:05:00.500000+00:00"
            + " mood=happy moods=happy|default details=null score=12.3456 steps=12000 distanceM=9007199254740993 floors=-3 ratio=0.25"
            + " ratio4=1.5 done=true tags=walk|ünïcode default=null weirdName=quoted blob=\\x01ff ip=192.168.0.1/24"
        for timeZone in ["UTC", "Asia/Kolkata", "America/St_Johns"] {
            let file = try folder.write("rows.json", try alice.rows(of: "public.diary", orderBy: "id", timeZone: timeZone, db))
            #expect(try program("decode", file) == expected + "\n", "time zone \(timeZone)")
        }
        #expect(try bob.rows(of: "public.diary", orderBy: "id", db) == "[]")
    }

    @Test("PostgreSQL's JSON for timestamptz, timestamp and date, as the decoder reads it")
    func postgresDateFormats() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let main = #"""
            import Foundation
            for line in try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8).split(separator: "\n") {
                let text = try JSONDecoder().decode(String.self, from: Data(line.utf8))
                print(PostgresJSON.date(from: text).map { PostgresJSON.text(from: $0) } ?? "nil: \(text)")
            }
            """#
        let program = try SwiftProgram(["Database.swift": try TypesSnapshot.file(Self.schema), "main.swift": main], in: folder)
        let (_, db) = try TestDatabase.make()
        let cases = [
            ("'2026-11-27 09:30:00+00'::timestamptz", "UTC", "\"2026-11-27T09:30:00+00:00\"", "2026-11-27T09:30:00.000000+00:00"),
            ("'2026-11-27 09:30:00.5+00'::timestamptz", "UTC", "\"2026-11-27T09:30:00.5+00:00\"", "2026-11-27T09:30:00.500000+00:00"),
            (
                "'2026-11-27 09:30:00.123456+00'::timestamptz", "Asia/Kolkata", "\"2026-11-27T15:00:00.123456+05:30\"",
                "2026-11-27T09:30:00.123456+00:00"
            ),
            (
                "'1850-01-01 12:00:00+00'::timestamptz", "Europe/Amsterdam", "\"1850-01-01T12:19:32+00:19:32\"",
                "1850-01-01T12:00:00.000000+00:00"
            ),
            ("'2026-11-27 09:30:00.25'::timestamp", "UTC", "\"2026-11-27T09:30:00.25\"", "2026-11-27T09:30:00.250000+00:00"),
            ("'2026-02-28'::date", "Asia/Kolkata", "\"2026-02-28\"", "2026-02-28T00:00:00.000000+00:00"),
            ("'infinity'::timestamptz", "UTC", "\"infinity\"", "nil: infinity"),
        ]
        var lines: [String] = []
        for (value, timeZone, json, _) in cases {
            let rendered = try db.transaction { db in
                try db.query("select set_config('timezone', $1, true)", [timeZone])
                return try db.query("select to_json(\(value))::text as json").first!.string("json")
            }
            #expect(rendered == json, "PostgreSQL renders \(value) in \(timeZone) as \(rendered)")
            lines.append(rendered)
        }
        let output = try program(try folder.write("dates.txt", lines.joined(separator: "\n")))
        #expect(output.split(separator: "\n").map(String.init) == cases.map(\.3))
    }
}
