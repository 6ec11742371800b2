/// A private Realtime channel per row of a table: topic `<prefix>:<primary key>`, for example
/// `listing:42` for the listing whose id is 42. Who may receive (broadcast and presence from
/// others) and who may send is decided by access plans on that row, like the table's own plans.
///
/// ```swift
/// Table("listing") { ... }
///     .channel("listing", receive: .owner(column: "seller_id"), send: .owner(column: "seller_id"))
/// ```
/// compiles to policies on `realtime.messages`, which Realtime consults when a client joins:
/// ```sql
/// create policy "channel_listing_receive" on "realtime"."messages"
///   as permissive
///   for select
///   to "authenticated"
///   using ("extension" in ('broadcast', 'presence') and split_part((select realtime.topic()), ':', 1) = 'listing'
///     and exists (select 1 from "public"."listing" as "listing"
///       where "listing"."id"::text = split_part((select realtime.topic()), ':', 2)
///         and "seller_id" = (select auth.uid())));
/// ```
public struct Channel: Sendable, Hashable {
    /// What a channel carries besides database changes.
    public enum Feature: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Messages clients send each other.
        case broadcast
        /// Who is online in the channel.
        case presence

        /// Orders as broadcast, presence.
        public static func < (lhs: Feature, rhs: Feature) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The topic's first part: `listing` for topics `listing:<id>`.
    public var prefix: String
    /// Who may join and receive: Realtime checks `select` on `realtime.messages`.
    public var receive: AccessPlan
    /// Who may send: Realtime checks `insert` on `realtime.messages`.
    public var send: AccessPlan
    /// Broadcast, presence or both.
    public var features: [Feature]
    /// Where `.channel(...)` was written.
    public var source: DeclarationSite

    /// Declares a channel.
    public init(
        prefix: String, receive: AccessPlan, send: AccessPlan, features: [Feature] = Feature.allCases,
        source: DeclarationSite
    ) {
        self.prefix = prefix
        self.receive = receive
        self.send = send
        self.features = features.sorted()
        self.source = source
    }

    /// The plan for receiving (`select`) or sending (`insert`).
    public func plan(_ operation: Operation) -> AccessPlan {
        operation == .insert ? send : operation == .select ? receive : .noAccess
    }

    /// A topic of this channel: `listing:42`.
    public func topic(_ key: String) -> String { "\(prefix):\(key)" }
}

extension Table {
    /// A private channel per row, topic `<prefix>:<primary key>`: who may receive and who may send
    /// on it, as plans on the row (`.owner(column:)`, `.authenticated`, ...). See ``Channel``.
    public func channel(
        _ prefix: String, receive: AccessPlan, send: AccessPlan = .noAccess,
        features: [Channel.Feature] = Channel.Feature.allCases, fileID: String = #fileID, line: Int = #line
    ) -> Table {
        var copy = self
        copy.channels.append(
            Channel(
                prefix: prefix, receive: receive, send: send, features: features,
                source: DeclarationSite(fileID: fileID, line: line)))
        return copy
    }
}
