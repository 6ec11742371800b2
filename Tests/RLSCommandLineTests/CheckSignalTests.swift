import ElectricRide
import Foundation
import RLSDatabase
import RLSSQL
import RLSTestSupport
import Testing

/// Ctrl-C or SIGTERM during `rls check` on a live database: the server rolls the check's transaction
/// back, but not what it drew from sequences; rls names the sequences that moved before it exits.
@Suite("Signals during a live check")
struct CheckSignalTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalNamesTheSequencesLeftAhead(_ signalNumber: Int32, _ status: Int32) throws {
        let executable = try #require(
            FileManager.default.isExecutableFile(atPath: SignalTests.executable) ? SignalTests.executable : nil,
            "build the rls-example executable (swift build --build-tests) before testing")
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        // The audit trigger draws from its sequence, then sleeps: the check is interrupted there.
        try db.execute(
            "begin;\n" + render(ElectricRide.schema)
                + """
                ;
                create schema audit;
                create table audit.log (id bigserial primary key, tbl text not null);
                create function audit.record() returns trigger language plpgsql security definer set search_path = '' as $$
                begin
                  insert into audit.log (tbl) values (tg_table_name);
                  perform pg_sleep(30);
                  return new;
                end $$;
                create trigger listing_audit after insert on public.listing for each row execute function audit.record();
                commit;
                """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["check", "--database-url", url, "--connections", "1"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DATABASE_URL")
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // Wait until the check sleeps in the trigger, after its draw.
        var sleeping = false
        for _ in 0..<400 where !sleeping {
            Thread.sleep(forTimeInterval: 0.05)
            sleeping =
                try db.query(
                    "select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()"
                )
                .first?.int("n") ?? 0 > 0
        }
        try #require(sleeping, "the check never reached the trigger")
        kill(process.processIdentifier, signalNumber)
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == status, "\(output)")
        let lines = output.split(separator: "\n").filter { $0.contains("audit.log_id_seq") }
        #expect(lines.count == 1 && lines[0].contains("ahead of where it was"), "\(output)")
    }
}
