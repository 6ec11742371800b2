extension Persona {
    /// The fixture side of a signed-in user, nil for anon and the service role.
    public var fixtureOwner: FixtureOwner? {
        guard case .user(let user) = self else { return nil }
        return user == .alice ? .alice : user == .bob ? .bob : nil
    }

    /// The four personas every check probes with, in report order.
    public static let checked: [Persona] = [.anon, .user(.alice), .user(.bob), .serviceRole]
}
