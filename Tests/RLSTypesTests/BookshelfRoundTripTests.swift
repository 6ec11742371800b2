import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The adopter fixture's generated types (Tests/AdopterFixture, its Bookshelf schema) against a real
/// database under row-level security: alice adds and edits a note and her name through `Insert` and
/// `Update`; what she reads, as PostgREST renders it, decodes into `Reader`, `Genre` and `BookNote`.
@Suite("rls types: the adopter fixture's types round trip through PostgreSQL under RLS")
struct BookshelfRoundTripTests {
    static let main = #"""
        import Foundation

        let encoder = PostgresJSON.encoder()
        encoder.outputFormatting = [.sortedKeys]
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }

        switch CommandLine.arguments[1] {
        case "note":
            print(try json(BookNote.Insert(genreID: Int64(CommandLine.arguments[2])!, bookTitle: "Middlemarch", note: "Chapter 1")))
        case "note-update":
            print(try json(BookNote.Update(bookTitle: "Middlemarch (Eliot)", note: .some(nil))))
        case "reader-update":
            print(try json(Reader.Update(displayName: "Alice Reads")))
        case "decode":
            struct Rows: Decodable {
                let reader: [Reader]
                let genre: [Genre]
                let bookNote: [BookNote]
                enum CodingKeys: String, CodingKey {
                    case reader, genre
                    case bookNote = "book_note"
                }
            }
            let rows = try PostgresJSON.decoder().decode(Rows.self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[2])))
            for row in rows.reader { print("reader \(row.id.uuidString.lowercased()) \(row.displayName ?? "null")") }
            for row in rows.genre { print("genre \(row.id) \(row.title)") }
            for row in rows.bookNote {
                print("book_note \(row.id) reader=\(row.readerID.uuidString.lowercased()) genre=\(row.genreID.map(String.init) ?? "null") \(row.bookTitle) note=\(row.note ?? "null")")
            }
        default:
            fatalError("unknown command")
        }
        """#

    @Test("a note added and edited by alice, read back by alice and not by bob")
    func roundTrip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let program = try SwiftProgram(["Database.swift": try TypesSnapshot.file(Bookshelf.schema), "main.swift": Self.main], in: folder)

        let (_, db) = try TestDatabase.make()
        try db.transaction { try $0.execute(render(Bookshelf.schema)) }
        let (alice, bob) = (SignedInUser.alice, SignedInUser.bob)
        try db.execute(
            AuthUsers.signUpSQL([
                AuthUsers.SignUp(id: alice.id, email: alice.email, fullName: "A"),
                AuthUsers.SignUp(id: bob.id, email: bob.email, fullName: "B"),
            ]))
        try db.execute("insert into public.genre (title) values ('Novel'), ('Poetry')")

        #expect(try alice.insert(try program("note", "1"), into: "public.book_note", db) == 1)
        #expect(try alice.update(try program("note-update"), table: "public.book_note", where: "true", db) == 1)
        #expect(try alice.update(try program("reader-update"), table: "public.reader", where: "id = '\(alice.id)'", db) == 1)
        // Bob's edit reaches none of alice's notes, and his own reader row only.
        #expect(try bob.update(try program("note-update"), table: "public.book_note", where: "true", db) == 0)

        let expected = [
            "reader \(alice.id) Alice Reads", "reader \(bob.id) null", "genre 1 Novel", "genre 2 Poetry",
            "book_note 1 reader=\(alice.id) genre=1 Middlemarch (Eliot) note=null",
        ]
        var rows: [String] = []
        for (table, order) in [("reader", "id"), ("genre", "id"), ("book_note", "id")] {
            rows.append("\"\(table)\": " + (try alice.rows(of: "public.\(table)", orderBy: order, db)))
        }
        let decoded = try program("decode", try folder.write("rows.json", "{" + rows.joined(separator: ",") + "}"))
        #expect(decoded.split(separator: "\n").map(String.init) == expected)
        #expect(try bob.rows(of: "public.book_note", orderBy: "id", db) == "[]")
    }
}
