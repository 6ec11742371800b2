/// Which fixture rows a probe reads or writes.
public enum ProbeTarget: Sendable, Hashable, CustomStringConvertible {
    /// SELECT: both fixture rows, to see which come back.
    case fixtureRows
    /// INSERT a new row on this side; UPDATE or DELETE this side's fixture row.
    case row(FixtureOwner)
    /// UPDATE one side's row so that it belongs to the other side (WITH CHECK must refuse it).
    case handOver(from: FixtureOwner, to: FixtureOwner)
    /// UPDATE one column of this side's row to its own value: the column-privilege probe, for a
    /// column outside `.updatable(only:)` (the grant must refuse it).
    case column(String, of: FixtureOwner)

    /// `alice's row`, `bob's row handed to alice`.
    public var description: String {
        switch self {
        case .fixtureRows: "fixture rows"
        case .row(let owner): "\(owner)'s row"
        case .handOver(let from, let to): "\(from)'s row handed to \(to)"
        case .column(let column, let owner): "\(owner)'s row, column \(column)"
        }
    }

    /// The same target in the words of `persona`: `own row`, `other's row`, `own row handed over`.
    public func description(for persona: Persona) -> String {
        guard let me = persona.fixtureOwner else { return description }
        switch self {
        case .fixtureRows: return description
        case .row(let owner): return owner == me ? "own row" : "other's row"
        case .handOver(let from, _): return from == me ? "own row handed to the other user" : "other's row handed over"
        case .column(let column, let owner): return (owner == me ? "own row" : "other's row") + ", column \(column)"
        }
    }
}
