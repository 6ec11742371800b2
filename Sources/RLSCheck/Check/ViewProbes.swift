import RLSModel
import RLSSQL

/// Views are probed as scenarios the check writes itself: each persona reads each view, and only the
/// roles the view is declared readable by (and the service role), or granted to, may. A `security_invoker` view whose
/// reader lacks a grant on a table underneath fails here too, as it would through the API.
enum ViewProbes {
    static func scenarios(for schema: Schema) -> [Scenario] {
        schema.views.map { view in
            let readers = readers(of: view)
            var scenario = Scenario("view \(view.qualifiedName) is read only by \(readers.sorted().map(\.name).joined(separator: ", "))") {}
            scenario.source = view.source
            scenario.steps = personas.map { persona in
                read(view, as: persona, expecting: readers.contains(Role(persona.persona.role)) ? .succeeds : .permissionDenied)
            }
            return scenario
        }
    }

    /// Who may read `view`, without expecting an answer: each persona reads it and every step expects
    /// to succeed, so a step that passes is a reader and one that mismatches (permission denied, or
    /// no such view) is not. The access diff runs these in its rolled-back check.
    static func readScenario(for view: View) -> Scenario {
        var scenario = Scenario("who may read view \(view.qualifiedName)") {}
        scenario.source = view.source
        scenario.steps = personas.map { read(view, as: $0, expecting: .succeeds) }
        return scenario
    }

    static let personas: [ScenarioPersona] = [.anon, .alice, .bob, .serviceRole]

    /// `select count(*) from` the view as `persona`.
    private static func read(_ view: View, as persona: ScenarioPersona, expecting expectation: ScenarioExpectation) -> ScenarioStep {
        ScenarioStep(
            persona: persona,
            action: ScenarioAction(
                sql: SQL(raw: "select count(*) from \(view.qualifiedName.sql)"), expectation: expectation, source: view.source))
    }

    /// The roles that may select from `view`: its exact grants when it has them (a grant to PUBLIC
    /// reaches every role), else `readableBy` and the service role.
    static func readers(of view: View) -> Set<Role> {
        guard let grants = view.grants else { return Set(view.readableBy + [.serviceRole]) }
        let selecting = Set(grants.filter { $0.value.contains(.select) }.keys)
        return selecting.contains(.public) ? [.anon, .authenticated, .serviceRole] : selecting
    }
}
