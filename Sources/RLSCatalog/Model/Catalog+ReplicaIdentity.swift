extension Catalog {
    /// What a table's updates and deletes carry of the old row, to logical replication and so to
    /// Realtime (`pg_class.relreplident`).
    public enum ReplicaIdentity: String, Equatable, Sendable, Codable {
        /// The primary key only.
        case `default` = "d"
        /// The whole old row.
        case full = "f"
        /// Nothing.
        case nothing = "n"
        /// The columns of a chosen unique index.
        case index = "i"

        /// The `REPLICA IDENTITY` clause; an index identity cannot be restated without its index,
        /// so going back to it is left to the user (and shows as drift).
        var clause: String {
            switch self {
            case .default: "DEFAULT"
            case .full: "FULL"
            case .nothing: "NOTHING"
            case .index: "DEFAULT"
            }
        }
    }
}
