/// One thing `rls doctor` verified, passed or not, in a sentence a user understands.
public struct DoctorFinding: Sendable, Equatable {
    /// What was checked, phrased as the expected truth ("anon is refused a table it has no grant on").
    public let claim: String
    /// Whether the database bore it out.
    public let passed: Bool
    /// What was seen: the SQLSTATE, the value returned, or what to do when it failed.
    public let detail: String
}
