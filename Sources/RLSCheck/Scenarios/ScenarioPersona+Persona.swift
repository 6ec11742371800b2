import RLSModel

extension ScenarioPersona {
    /// The probe persona this scenario persona acts as.
    public var persona: Persona {
        switch self {
        case .anon: .anon
        case .alice: .user(.alice)
        case .bob: .user(.bob)
        case .carol: .user(.carol)
        case .aliceWithMFA: .user(.aliceWithMFA)
        case .bobAnonymous: .user(.bobAnonymous)
        case .serviceRole: .serviceRole
        }
    }
}
