import Foundation
import RLSJSON
import RLSModel
import RLSSQL
import Testing

@testable import RLSCheck

/// Issue 34: the check's JSON (the `--format json` report and the JWT claims a probe runs under)
/// is written from `Encodable` values, keys in a fixed order, and survives any text a schema or a
/// persona can hold.
@Suite struct JSONEncodingTests {
    /// Quotes, backslashes, every kind of control character, the line and paragraph separators that
    /// JavaScript once refused in strings, and text that is not ASCII.
    static let hostile = "say \"hi\" \\ back\\\\slash \n\r\t\u{0}\u{1}\u{1F}\u{7F} \u{2028}\u{2029} </script> é 🙂 {\"x\":1}"

    struct Claims: Decodable {
        struct AppMetadata: Decodable {
            var provider: String
            var providers: [String]
            var role: String?
        }
        var sub: String?
        var role: String
        var email: String?
        var aal: String?
        var isAnonymous: Bool?
        var appMetadata: AppMetadata?

        private enum CodingKeys: String, CodingKey {
            case sub, role, email, aal
            case isAnonymous = "is_anonymous"
            case appMetadata = "app_metadata"
        }
    }

    @Test func claimsKeepSupabasesShapeByteForByte() {
        #expect(Impersonation.claims(for: .anon) == #"{"role":"anon"}"#)
        #expect(Impersonation.claims(for: .serviceRole) == #"{"role":"service_role"}"#)
        #expect(
            Impersonation.claims(for: .user(.alice))
                == #"{"sub":"a11ce000-0000-4000-8000-000000000001","role":"authenticated","email":"alice@rls-check.invalid","aud":"authenticated","#
                + #""aal":"aal1","is_anonymous":false,"app_metadata":{"provider":"email","providers":["email"]}}"#)
        #expect(
            Impersonation.claims(for: .user(.withAppRole("moderator", number: 1))).hasSuffix(
                #""app_metadata":{"provider":"email","providers":["email"],"role":"moderator"}}"#))
    }

    @Test func hostileClaimRoundTrips() throws {
        let user = Persona.User(
            name: "x", id: "a11ce000-0000-4000-8000-000000000009", email: Self.hostile, aal: Self.hostile, appRole: Self.hostile)
        let text = Impersonation.claims(for: .user(user))
        let claims = try JSONDecoder().decode(Claims.self, from: Data(text.utf8))
        #expect(claims.email == Self.hostile)
        #expect(claims.aal == Self.hostile)
        #expect(claims.appMetadata?.role == Self.hostile)
        #expect(claims.role == "authenticated")
    }

    struct Report: Decodable {
        struct Probe: Decodable {
            struct Outcome: Decodable {
                var kind: String
                var message: String?
                var sqlstate: String?
            }
            var table: String
            var actual: Outcome
            var note: String?
            var explanation: [String]
        }
        var notes: [String]
        var probes: [Probe]
    }

    @Test func hostileReportFieldsRoundTrip() throws {
        let probe = Probe(table: "public.saved", persona: .user(.bob), operation: .select, target: .fixtureRows)
        var checked = CheckedProbe(
            probe: probe, expected: .outcome(.rows([.bob])), observed: .failed(state: .syntaxError, message: Self.hostile),
            note: Self.hostile)
        checked.explanation = [Self.hostile, ""]
        let report = CheckReport(tables: ["public.saved"], results: [checked], scenarios: [], notes: [Self.hostile], seconds: 0.25)
        let decoded = try JSONDecoder().decode(Report.self, from: Data(JSONReport(report).text.utf8))
        #expect(decoded.notes == [Self.hostile])
        #expect(decoded.probes.first?.actual.message == Self.hostile)
        #expect(decoded.probes.first?.actual.sqlstate == "42601")
        #expect(decoded.probes.first?.note == Self.hostile)
        #expect(decoded.probes.first?.explanation == [Self.hostile, ""])
    }

    /// The layout users diff in pull requests: two-space indentation, `"key": value`, keys in the
    /// order below, `null` for a missing note, milliseconds for the time.
    @Test func reportLayoutIsUnchanged() {
        let fine = CheckedProbe(
            probe: Probe(table: "public.saved", persona: .anon, operation: .select, target: .fixtureRows),
            expected: .outcome(.deniedByGrant), observed: .deniedByGrant)
        let report = CheckReport(tables: ["public.saved"], results: [fine], scenarios: [], notes: [], seconds: 0.12345)
        let summary = quoteJSONString(report.summary)
        let expected = """
            {
              "passed": \(report.passed),
              "summary": \(summary),
              "seconds": 0.123,
              "notes": [],
              "probes": [
                {
                  "table": "public.saved",
                  "persona": "anon",
                  "role": "anon",
                  "operation": "select",
                  "target": "fixture rows",
                  "layer": "\(fine.probe.layer.rawValue)",
                  "expected": {
                    "kind": "\(Observation.deniedByGrant.kind)"\(Self.refusalTail(.deniedByGrant))
                  },
                  "actual": {
                    "kind": "\(Observation.deniedByGrant.kind)"\(Self.refusalTail(.deniedByGrant))
                  },
                  "verdict": "pass",
                  "note": null,
                  "explanation": []
                }
              ],
              "scenarios": [],
              "live": [],
              "channels": [],
              "files": []
            }

            """
        #expect(JSONReport(report).text == expected)
    }

    /// The lines after `kind` in a refusal's object, as the old writer printed them.
    static func refusalTail(_ observation: Observation) -> String {
        guard case .refused(let refusal) = observation else { return "" }
        var text = ",\n        \"refused_by\": \"\(refusal.cause)\""
        if case .tablePrivilege(let privilege?) = refusal { text += ",\n        \"privilege\": \"\(privilege)\"" }
        if let state = refusal.sqlState { text += ",\n        \"sqlstate\": \"\(state.rawValue)\"" }
        return text
    }
}
