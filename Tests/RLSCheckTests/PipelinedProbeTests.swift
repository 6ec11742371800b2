import ElectricRide
import RLSCheck
import RLSDatabase
import Testing

/// Probes travel pipelined, hundreds per round trip, and one probe's failure never costs another.
@Suite struct PipelinedProbeTests {
    /// Far fewer round trips than probes (each probe used to be at least one; scenario steps still
    /// take one each), with every verdict right. Channel and file probes travel in blocks too: the
    /// whole check takes fewer round trips than they alone used to (one each).
    @Test func theExampleTakesFewerRoundTripsThanProbes() throws {
        let (_, db) = try ExampleDatabase.make()
        let before = db.roundTrips
        let report = try ExampleDatabase.check(db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(report.results.count > 500)
        #expect(db.roundTrips - before < report.results.count / 2)
        #expect(report.files.count + report.channels.count > 100)
        #expect(db.roundTrips - before < report.files.count + report.channels.count)
    }

    /// A statement timeout is the one error a probe's block cannot catch: it fails that probe alone,
    /// and the probes after it in the same pipeline still run and pass.
    @Test func aTimedOutProbeDoesNotSkipTheRest() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(
            """
            create function public.slow() returns boolean language sql as $$ select pg_sleep(5) is not null $$;
            grant execute on function public.slow() to authenticated;
            create policy "slow" on public.saved as restrictive for select to authenticated using (public.slow());
            """)
        let report = try AccessCheck.run(ElectricRide.schema, on: db, options: CheckOptions(statementTimeout: .milliseconds(200)))
        #expect(!report.mismatches.isEmpty)
        for mismatch in report.mismatches {
            #expect(mismatch.probe.table == "public.saved", "\(mismatch.probe.name)")
            if case .failed(let state, _) = mismatch.observed {
                #expect(state == .queryCanceled)
            } else {
                Issue.record("\(mismatch.observed)")
            }
        }
        let others = report.results.filter { $0.probe.table != "public.saved" }
        #expect(others.count > 400)
        #expect(others.allSatisfy { $0.verdict == .pass })
    }
}
