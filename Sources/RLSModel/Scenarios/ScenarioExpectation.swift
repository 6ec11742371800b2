/// What a scenario step must observe when its SQL runs.
///
/// ```swift
/// Expect(SQL(raw: "select count(*) from public.saved"), .returns("2"))
/// Expect(SQL(raw: "select * from public.listing"), .permissionDenied)
/// ```
public enum ScenarioExpectation: Sendable, Hashable, CustomStringConvertible {
    /// The statement runs without error.
    case succeeds
    /// It returns (or affects) exactly this many rows.
    case rowCount(Int)
    /// Its first row's first column, as text, equals this (`"t"` for true).
    case returns(String)
    /// It fails for lack of a grant: SQLSTATE 42501 "permission denied".
    case permissionDenied
    /// An RLS WITH CHECK rejects the new row: 42501 "new row violates row-level security policy".
    case rejectedByPolicy
    /// It fails with exactly this SQLSTATE: `.fails(sqlstate: "23505")` (unique) or `"P0001"` (a raised exception).
    case fails(sqlstate: String)

    /// In words, for reports.
    public var description: String {
        switch self {
        case .succeeds: "succeeds"
        case .rowCount(let count): "\(count) row\(count == 1 ? "" : "s")"
        case .returns(let value): "returns \(value)"
        case .permissionDenied: "permission denied"
        case .rejectedByPolicy: "rejected by a row-level security policy"
        case .fails(let state): "fails with SQLSTATE \(state)"
        }
    }
}
