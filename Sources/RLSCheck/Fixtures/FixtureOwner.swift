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
