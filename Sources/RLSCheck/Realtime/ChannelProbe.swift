import RLSModel

/// One private-channel probe: a persona joins (receive) or posts to (send) the channel of one
/// fixture row, as Realtime asks the database: a `select` or an `insert` on `realtime.messages`
/// with the topic in the `realtime.topic` setting.
public struct ChannelProbe: ProbeSubject {
    /// What Realtime asks for.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// Join and receive broadcast and presence: a `select` on `realtime.messages`.
        case receive
        /// Send broadcast or track presence: an `insert` into `realtime.messages`.
        case send
    }

    /// The table whose rows have the channel.
    public var table: TableName
    /// The channel's declaration.
    public var channel: Channel
    /// Who joins.
    public var persona: Persona
    /// Receive or send.
    public var action: Action
    /// Whose fixture row the topic names.
    public var topicOwner: FixtureOwner
    /// The topic: `listing:1`.
    public var topic: String
    /// Whose topics count as the persona's own under the action's plan: its fixture side, or under a
    /// members plan the side of the group where it holds a qualifying role (nil: none).
    public var side: FixtureOwner?

    /// A probe; `side` defaults to the persona's fixture side (right for every plan but members plans).
    public init(
        table: TableName, channel: Channel, persona: Persona, action: Action, topicOwner: FixtureOwner, topic: String,
        side: FixtureOwner?? = nil
    ) {
        self.table = table
        self.channel = channel
        self.persona = persona
        self.action = action
        self.topicOwner = topicOwner
        self.topic = topic
        self.side = side ?? persona.fixtureOwner
    }

    /// Receive is a `select` on `realtime.messages`, send an `insert`.
    public var operation: Operation { action == .receive ? .select : .insert }

    /// `channel room · alice · receive · own topic`.
    public var name: String {
        "channel \(channel.prefix) · \(persona) · \(action.rawValue) · \(topicDescription)"
    }

    /// `own topic`, `other's topic`, or `alice's topic` for personas without a row of their own.
    public var topicDescription: String {
        guard let me = persona.fixtureOwner else { return "\(topicOwner)'s topic" }
        return topicOwner == me ? "own topic" : "other's topic"
    }

    /// Whether the channel's plan lets the persona in: service_role always (it bypasses RLS), the
    /// others as the plan says of the topic's row (a members plan: a qualifying role in its group).
    public var expectedAllowed: Bool {
        if persona == .serviceRole { return true }
        switch channel.plan(operation) {
        case .public: return true
        case .authenticated: if case .user = persona { return true } else { return false }
        case .owner, .ownerThrough, .members: return side == topicOwner
        case .appRole(let roles):
            guard case .user(let user) = persona, let role = user.appRole else { return false }
            return roles.contains(role)
        case .serviceRoleOnly, .noAccess: return false
        }
    }
}
