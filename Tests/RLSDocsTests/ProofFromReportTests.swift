import RLSCheck
import RLSDocs
import RLSModel
import Testing

/// How a check report becomes the proof, on hand-made reports (no database).
@Suite("Proof from a check report")
struct ProofFromReportTests {
    let saved = TableName(name: "saved")

    func result(
        _ persona: Persona, _ operation: RLSModel.Operation, _ target: ProbeTarget,
        expected: Observation, observed: Observation
    ) -> CheckedProbe<Probe> {
        CheckedProbe(
            probe: Probe(table: saved, persona: persona, operation: operation, target: target),
            expected: .outcome(expected), observed: observed)
    }

    func proof(_ results: [CheckedProbe<Probe>]) -> AccessProof {
        AccessProof(CheckReport(tables: [saved], results: results, scenarios: []), schema: Example.schema, source: "a test")
    }

    @Test func oneSelectProvesBothTheOwnersAndTheOtherUsersCell() {
        let proof = proof([result(.user(.bob), .select, .fixtureRows, expected: .rows([.bob]), observed: .rows([.bob]))])
        #expect(proof.status(of: AccessCell(saved, .rowOwner, .select)) == .proven)
        #expect(proof.status(of: AccessCell(saved, .signedInUser, .select)) == .proven)
        #expect(proof.status(of: AccessCell(saved, .anyone, .select)) == .unverified, "no probe, no proof")
    }

    @Test func aPassingProbeThatContradictsThePageStillFails() {
        // Should the check ever expect what the page does not say, the page's own claim decides.
        let proof = proof([result(.user(.bob), .select, .fixtureRows, expected: .rows([.alice, .bob]), observed: .rows([.alice, .bob]))])
        #expect(proof.status(of: AccessCell(saved, .rowOwner, .select)) == .proven)
        guard case .failed(let reason) = proof.status(of: AccessCell(saved, .signedInUser, .select)) else {
            Issue.record("bob saw alice's saved row, yet the cell was not failed")
            return
        }
        #expect(reason == "public.saved · bob · select · fixture rows observed alice+bob")
    }

    @Test func writesAreSortedIntoOwnAndOtherRows() {
        let proof = proof([
            result(.user(.alice), .insert, .row(.alice), expected: .allowed, observed: .allowed),
            result(.user(.alice), .insert, .row(.bob), expected: .rejectedByWithCheck, observed: .rejectedByWithCheck),
            result(.anon, .insert, .row(.alice), expected: .deniedByGrant, observed: .filtered),
        ])
        #expect(proof.status(of: AccessCell(saved, .rowOwner, .insert)) == .proven)
        #expect(proof.status(of: AccessCell(saved, .signedInUser, .insert)) == .proven)
        #expect(proof.failures.map(\.cell) == [AccessCell(saved, .anyone, .insert)])
    }

    @Test func unverifiedProbesLeaveTheCellUnverified() {
        let probe = Probe(table: saved, persona: .serviceRole, operation: .delete, target: .row(.alice))
        let proof = proof([CheckedProbe(probe: probe, expected: .unverified("a hand-written policy"), observed: .allowed)])
        #expect(proof.status(of: AccessCell(saved, .serviceRole, .delete)) == .unverified)
        #expect(proof.failures.isEmpty && proof.otherFailures.isEmpty)
    }

    @Test func aMismatchOutsideTheMatrixStillFailsTheProof() {
        // A table the schema does not declare has no cell, but its mismatch must not pass silently.
        let probe = Probe(table: TableName(name: "stray"), persona: .anon, operation: .select, target: .fixtureRows)
        let proof = proof([CheckedProbe(probe: probe, expected: .outcome(.deniedByGrant), observed: .rows([.alice]))])
        #expect(
            proof.otherFailures == ["rls check: public.stray · anon · select · fixture rows: expected denied (no grant), observed alice"])
        #expect(throws: DocsError.self) { try AccessDocs.pages(for: Example.schema, proof: proof) }
    }
}

/// `rls docs` fails whenever `rls check` would: also for a probe that could not run and for a
/// private channel's mismatch.
@Suite("Proof from a check report: what fails the check fails the docs")
struct ProofFromFailingReportTests {
    let saved = TableName(name: "saved")

    @Test func aProbeThatCouldNotRunFailsItsCell() {
        let probe = Probe(table: saved, persona: .anon, operation: .select, target: .fixtureRows)
        let reason = #"anon could not be impersonated: 42501 permission denied to set role "anon""#
        let report = CheckReport(
            tables: [saved], results: [CheckedProbe(probe: probe, expected: .outcome(.deniedByGrant), observed: .notRun(reason))],
            scenarios: [])
        #expect(!report.passed)
        let proof = AccessProof(report, schema: Example.schema, source: "a test")
        guard case .failed(let why) = proof.status(of: AccessCell(saved, .anyone, .select)) else {
            Issue.record("anon's select was never run, yet the cell was \(proof.status(of: AccessCell(saved, .anyone, .select)))")
            return
        }
        #expect(why == "public.saved · anon · select · fixture rows observed not run: \(reason)")
        #expect(throws: DocsError.self) { try AccessDocs.pages(for: Example.schema, proof: proof) }
    }

    @Test func aChannelMismatchFailsTheProof() throws {
        let dealership = try #require(Example.schema.tables.first { !$0.channels.isEmpty })
        let probe = ChannelProbe(
            table: dealership.qualifiedName, channel: dealership.channels[0], persona: .anon, action: .send, topicOwner: .alice,
            topic: "\(dealership.channels[0].prefix):1")
        var report = CheckReport(tables: [], results: [], scenarios: [])
        report.channels = [
            CheckedProbe(probe: probe, expected: .permitted(probe.expectedAllowed), observed: probe.expectedAllowed ? .filtered : .allowed)
        ]
        #expect(!report.passed)
        let proof = AccessProof(report, schema: Example.schema, source: "a test")
        #expect(
            proof.otherFailures.count == 1 && proof.otherFailures[0].hasPrefix("rls check: \(probe.name): expected "),
            "\(proof.otherFailures)")
        #expect(throws: DocsError.self) { try AccessDocs.pages(for: Example.schema, proof: proof) }
    }
}
