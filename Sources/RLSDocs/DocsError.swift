import RLSModel

/// Why `rls docs` wrote nothing.
public enum DocsError: Error, Sendable, CustomStringConvertible {
    /// The schema does not compile; its validation errors name the Swift file and line.
    case invalidSchema(SchemaValidationError)
    /// `rls check` found the database doing something the schema does not declare, so the pages
    /// would claim what is not true.
    case proofFailed(source: String, failures: [String])
    /// A page could not be read or written.
    case file(path: String, reason: String)

    /// What happened and what to do next.
    public var description: String {
        switch self {
        case .invalidSchema(let error):
            return "the schema does not compile, so no page was written:\n\(error)"
        case .proofFailed(let source, let failures):
            let shown = failures.prefix(20).map { "  \($0)" }
            let more = failures.count > 20 ? ["  ... and \(failures.count - 20) more"] : []
            return
                ([
                    "\(failures.count) access \(failures.count == 1 ? "rule does" : "rules do") not hold on \(source), so no page was written:"
                ]
                + shown + more
                + ["Fix the policy or grant (run 'rls check' for the full matrix, 'rls plan' for drift), then run 'rls docs' again."])
                .joined(separator: "\n")
        case .file(let path, let reason):
            return "cannot access \(path): \(reason). Check that the folder exists and is writable (or pass --docs DIR)."
        }
    }
}
