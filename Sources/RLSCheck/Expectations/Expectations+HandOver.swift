import RLSModel

extension Expectations {
    /// Whether `persona` may give its own row away (the hand-over probe) where hand-written policies
    /// decide: through the plan (`.public`/`.authenticated` allow it, owner and members plans refuse it)
    /// or any permissive policy, and through every restrictive one, each by its
    /// `.expects(_:handOver:)` or what its rows imply. nil: no hand-written policy decides, the plan does.
    /// `rowAccess` is what the persona's role may do (``RLSModel/Schema/expectedAccess(of:role:_:)``).
    static func handOver(_ rowAccess: RowAccess, for persona: Persona, _ operation: Operation) -> PolicyExpectation.HandOver? {
        let role = Role(persona.role)
        guard operation == .update, case .custom(let planned, let policies) = rowAccess else { return nil }
        let byPlan: Bool =
            switch planned {
            case .public?, .authenticated?, .appRole?: true
            default: false
            }
        let permissive = policies.filter(\.isPermissive).map { $0.handOverExpectation(for: role, operation) }
        let restrictive = policies.filter { !$0.isPermissive }.map { $0.handOverExpectation(for: role, operation) }
        let allowed = (byPlan || permissive.contains(.allowed)) && !restrictive.contains(.denied)
        return allowed ? .allowed : .denied
    }
}
