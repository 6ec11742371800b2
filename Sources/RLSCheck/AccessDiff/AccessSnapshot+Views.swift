import RLSModel

extension AccessSnapshot {
    /// Records who may read each of `views`, from the results of their
    /// ``ViewProbes/readScenario(for:)`` scenarios (one per view, in order): a step that succeeded
    /// is a reader (`anon` may `SELECT` on `public.v`, the view); one that did not is not.
    mutating func readViews(_ views: [View], _ results: [ScenarioResult]) {
        for (view, result) in zip(views, results) {
            for step in result.steps {
                guard let caller = Self.caller(of: step.step.persona.persona) else { continue }
                let fact = AccessFact(object: view.qualifiedName.description, table: view.qualifiedName, caller: caller, action: "SELECT")
                facts[fact, default: []].formUnion(step.verdict == .pass ? [.view] : [])
            }
        }
    }
}
