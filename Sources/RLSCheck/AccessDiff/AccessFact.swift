import RLSModel

/// One thing a caller can do to one object, as `rls check` observed it: `anon` may `SELECT` on
/// `public.saved`. Which rows it reaches is the ``AccessSnapshot``'s value for this key.
public struct AccessFact: Sendable, Hashable {
    /// `public.saved`, or `channel "room" of public.listing`.
    public var object: String
    /// The table the object belongs to (for acknowledgements and ordering).
    public var table: TableName
    /// `anon`, `authenticated`, `service_role`.
    public var caller: String
    /// `SELECT`, `INSERT`, `UPDATE`, `DELETE`, or `receive`/`send` for channels.
    public var action: String
}

/// Which rows a fact reaches: the signed-in caller's own rows, other users' rows, handing its own
/// row to another user (UPDATE), or, for callers without a row of their own, the two fixture rows.
public enum AccessRows: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The signed-in caller's own rows (or own topics).
    case own
    /// Other users' rows.
    case others
    /// An UPDATE that hands the caller's own row to another user.
    case handOver = "hand_over"
    /// For anon and service_role: the first fixture row.
    case first
    /// For anon and service_role: the second fixture row.
    case second
    /// A view, read as a whole (`select count(*)`): the caller may read it.
    case view

    /// Declaration order.
    public static func < (lhs: AccessRows, rhs: AccessRows) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `every row`, `own rows`, `other users' rows`, `some rows`, ... for a set of rows that changed;
    /// for a group member (`group` known), `rows of their organisation` or `rows of another organisation`.
    static func words(_ rows: Set<AccessRows>, unit: String = "row", group: String? = nil) -> [String] {
        var words: [String] = []
        if rows.isSuperset(of: [.own, .others]) || rows.isSuperset(of: [.first, .second]) {
            words.append("every \(unit)")
        } else if rows.contains(.own) {
            words.append("own \(unit)s")
        } else if rows.contains(.others) {
            words.append("other users' \(unit)s")
        } else if let group, rows.contains(.first) {
            words.append("\(unit)s of their \(group)")
        } else if let group, rows.contains(.second) {
            words.append("\(unit)s of another \(group)")
        } else if rows.contains(.first) || rows.contains(.second) {
            words.append("some \(unit)s")
        }
        if rows.contains(.view) { words.append("the view") }
        if rows.contains(.handOver) { words.append("handing own \(unit)s to another user") }
        return words
    }
}
