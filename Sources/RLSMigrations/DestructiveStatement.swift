import RLSPostgres

/// A statement in a migration file that can lose data, found before anything is applied.
///
/// ```swift
/// for found in file.destructiveStatements { print(found) }
/// // 20261122153000_drop_old.sql:3: DROP TABLE public.old — drops a table and its rows
/// ```
public struct DestructiveStatement: Sendable, Equatable, CustomStringConvertible {
    /// The migration file's name, such as `20261122153000_drop_old.sql`.
    public var fileName: String
    /// The 1-based line in that file where the statement starts.
    public var line: Int
    /// The statement's text.
    public var statement: String
    /// Why it counts as destructive.
    public var kind: DestructiveKind

    /// A destructive statement at a place in a file.
    public init(fileName: String, line: Int, statement: String, kind: DestructiveKind) {
        self.fileName = fileName
        self.line = line
        self.statement = statement
        self.kind = kind
    }

    /// `file:line: first line of the statement — what it does`.
    public var description: String {
        "\(fileName.escapedForDisplay):\(line): \(statement.firstLineForDisplay) — \(kind.summary)"
    }
}
