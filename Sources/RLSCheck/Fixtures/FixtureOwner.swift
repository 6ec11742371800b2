/// Which test user a fixture row belongs to: every table gets one row on each side.
///
/// For tables with an owner plan the side is the row's owner; for the others it only
/// tells the two rows apart (parents are chosen from the same side).
public enum FixtureOwner: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// The row owned by alice (or reached from alice's rows).
    case alice
    /// The row owned by bob.
    case bob

    /// The signed-in user this side belongs to.
    public var user: Persona.User { self == .alice ? .alice : .bob }

    /// The other side.
    public var other: FixtureOwner { self == .alice ? .bob : .alice }

    /// `alice` or `bob`.
    public var description: String { rawValue }

    /// Alice first.
    public static func < (lhs: FixtureOwner, rhs: FixtureOwner) -> Bool { lhs == .alice && rhs == .bob }
}

extension Persona {
    /// The fixture side of a signed-in user, nil for anon and the service role.
    public var fixtureOwner: FixtureOwner? {
        guard case .user(let user) = self else { return nil }
        return user == .alice ? .alice : user == .bob ? .bob : nil
    }

    /// The four personas every check probes with, in report order.
    public static let checked: [Persona] = [.anon, .user(.alice), .user(.bob), .serviceRole]
}
