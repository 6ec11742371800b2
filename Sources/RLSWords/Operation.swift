/// A row-level operation, the unit access plans and grants are decided for.
public enum Operation: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// Reading rows: `for select`, `grant select`.
    case select
    /// Adding rows: `for insert ... with check`, `grant insert`.
    case insert
    /// Changing rows: `for update using ... with check`, `grant update`.
    case update
    /// Removing rows: `for delete using ...`, `grant delete`.
    case delete

    /// The SQL keyword, lower case.
    public var description: String { rawValue }

    /// Orders as select, insert, update, delete.
    public static func < (lhs: Operation, rhs: Operation) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
