import RLSModel

/// One line of an access diff: `anon gains SELECT on public.saved (every row)`.
public struct AccessChange: Sendable, Hashable {
    /// Gains or loses.
    public enum Direction: String, Sendable, Hashable {
        /// The caller can do something it could not before: a widening.
        case gains
        /// The caller can no longer do something it could.
        case loses
    }

    /// What the change is about.
    public var fact: AccessFact
    /// Gains or loses.
    public var direction: Direction
    /// The rows gained or lost.
    public var rows: Set<AccessRows>
    /// The schema's reason for expecting this widening (``RLSModel/Table/expectsWidening(_:)``), if any.
    public var acknowledgement: String?
    /// For a group member under a members plan, the group its rows belong to (`organisation`).
    public var group: String? = nil
    /// For a change of column privileges, the columns gained (in column order); empty for rows.
    public var columns: [String] = []

    /// `anon gains SELECT on public.saved (every row)`, `authenticated gains upload on files of bucket "avatars" (other users' folders)`,
    /// `authenticated gains UPDATE on columns bio, is_admin of public.profiles`.
    public var sentence: String {
        if !columns.isEmpty {
            let names = (columns.count == 1 ? "column " : "columns ") + columns.joined(separator: ", ")
            return "\(fact.caller) \(direction.rawValue) \(fact.action) on \(names) of \(fact.object)"
        }
        let unit = fact.object.hasPrefix("channel ") ? "topic" : fact.object.hasPrefix("files of bucket ") ? "folder" : "row"
        let scope = AccessRows.words(rows, unit: unit, group: group).joined(separator: "; ")
        return "\(fact.caller) \(direction.rawValue) \(fact.action) on \(fact.object)" + (scope.isEmpty ? "" : " (\(scope))")
    }

    /// A gain the schema does not acknowledge: what `--fail-on-widening` refuses.
    public var isUnacknowledgedWidening: Bool { direction == .gains && acknowledgement == nil }
}
