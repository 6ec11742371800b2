import RLSDocs
import RLSModel
import Testing

/// `rls docs` says, per table, who receives its changes live and who may use its private channels.
@Suite struct RealtimeDocsTests {
    static let schema = Schema {
        Table("room") {
            Column("id", .bigint).identity().primaryKey()
            Column("host_id", .uuid).default(.currentUserID).references(.authUsers)
        }
        .access(read: .authenticated, write: .owner(column: "host_id"))
        .live(oldRows: true)
        .channel("room", receive: .owner(column: "host_id"), send: .owner(column: "host_id"), features: [.broadcast])
        Table("diary") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers)
        }
        .access(.owner(column: "author_id"))
        .live()
        Table("quiet") { Column("id", .bigint).primaryKey() }.live()
    }

    func pages() throws -> (markdown: String, html: String) {
        let pages = try AccessDocs.pages(for: Self.schema, proof: .unverified(because: "not checked in this test"))
        return (
            try #require(pages.first { $0.fileName == "ACCESS.md" }).contents,
            try #require(pages.first { $0.fileName == "access.html" }).contents
        )
    }

    @Test func liveTablesSayWhoReceivesTheirChanges() throws {
        let (markdown, html) = try pages()
        #expect(
            markdown.contains(
                "- Changes are pushed live (Supabase Realtime) to any signed-in user; updates and deletes carry the whole old row."))
        #expect(markdown.contains("- Changes are pushed live (Supabase Realtime) to the signed-in owner of each row, and nobody else."))
        #expect(markdown.contains("- Changes are pushed live (Supabase Realtime) to no client: nobody may read the rows"))
        #expect(html.contains("<li>Changes are pushed live (Supabase Realtime) to any signed-in user"))
        #expect(markdown.contains(#"alter publication "supabase_realtime" add table "public"."room";"#))
        #expect(markdown.contains(#"alter table "public"."room" replica identity full;"#))
    }

    @Test func channelsAreListedWithTheirPolicies() throws {
        let (markdown, _) = try pages()
        #expect(
            markdown.contains(
                "- Private channel `room:<id>` (broadcast): receive: only the signed-in user whose id is in host_id; send: only the signed-in user whose id is in host_id."
            ))
        #expect(markdown.contains(#"create policy "channel_room_receive" on "realtime"."messages""#))
        #expect(!markdown.contains("channel_diary"))
    }

    /// Members and app-role plans in the words of the table sentences: whose group, which roles.
    @Test func membersAndAppRolePlansAreSaidInWords() throws {
        let schema = Schema {
            Table("crew") { Column("id", .bigint).identity().primaryKey() }
                .access(select: .members(of: "id", through: "crew_member"))
                .live()
                .channel(
                    "crew", receive: .members(of: "id", through: "crew_member"),
                    send: .members(of: "id", through: "crew_member", roles: ["owner", "admin"]), features: [.broadcast])
            Table("crew_member") {
                Column("crew_id", .bigint).references("crew")
                Column("user_id", .uuid).references(.authUsers)
                Column("role", .text)
                PrimaryKey("crew_id", "user_id")
            }
            .access(read: .members(of: "crew_id", through: "crew_member", roles: ["owner"]), write: .serviceRoleOnly)
            .live()
            Table("notice") { Column("id", .bigint).identity().primaryKey() }
                .access(read: .authenticated, write: .appRole(["moderator"]))
                .channel("notice", receive: .authenticated, send: .appRole(["moderator"]))
        }
        let pages = try AccessDocs.pages(for: schema, proof: .unverified(because: "not checked in this test"))
        let markdown = try #require(pages.first { $0.fileName == "ACCESS.md" }).contents
        #expect(markdown.contains("- Changes are pushed live (Supabase Realtime) to members of the crew, and nobody else."), "\(markdown)")
        #expect(
            markdown.contains(
                "- Changes are pushed live (Supabase Realtime) to members of the row's crew with role owner, and nobody else."))
        #expect(
            markdown.contains(
                "- Private channel `crew:<id>` (broadcast): receive: members of the crew; send: members of the crew with role admin or owner."
            ))
        #expect(markdown.contains("send: signed-in users whose app role (app_metadata.role) is moderator."), "\(markdown)")
    }
}
