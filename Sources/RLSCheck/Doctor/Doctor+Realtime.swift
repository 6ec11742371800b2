import RLSDatabase

extension Doctor {
    /// Live tables and private channels need what hosted projects have: the `supabase_realtime`
    /// publication owned by the connecting role (to add and drop its tables), `realtime.messages`
    /// with RLS on, and `realtime.topic()`.
    static func realtime(_ connection: Connection) throws -> DoctorFinding {
        let row = try connection.query(
            """
            select current_user as me, (select pg_get_userbyid(pubowner) from pg_publication where pubname = 'supabase_realtime') as owner,
                   (select puballtables from pg_publication where pubname = 'supabase_realtime') as all_tables,
                   (select c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where n.nspname = 'realtime' and c.relname = 'messages' and c.relkind in ('r', 'p')) as messages_rls,
                   exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                           where n.nspname = 'realtime' and p.proname = 'topic' and p.pronargs = 0) as topic
            """
        ).rows[0]
        var problems: [String] = []
        let me = row["me"] ?? "the connecting role"
        if let owner = row["owner"] {
            if owner != me {
                problems.append(
                    "the publication is owned by \(owner), so \(me) cannot add or drop live tables: alter publication supabase_realtime owner to \(me)"
                )
            }
        } else {
            problems.append(
                "no supabase_realtime publication: live tables (.live()) cannot be applied; enable Realtime or create publication supabase_realtime"
            )
        }
        if row["all_tables"] == "t" {
            problems.append(
                "supabase_realtime is FOR ALL TABLES: every table is live and .live() cannot add or drop one; recreate it without FOR ALL TABLES and add the live tables"
            )
        }
        if row["messages_rls"] == nil {
            problems.append("no realtime.messages: private channels (.channel(...)) cannot be applied")
        } else if row["messages_rls"] != "t" {
            problems.append("realtime.messages has RLS off: every private channel is open")
        }
        if row["topic"] != "t" { problems.append("no realtime.topic()") }
        return DoctorFinding(
            claim: "Realtime is ready: supabase_realtime owned by the connecting role, realtime.messages with RLS, realtime.topic()",
            passed: problems.isEmpty,
            detail: problems.isEmpty ? "publication, realtime.messages and realtime.topic() found" : problems.joined(separator: "; "))
    }
}
