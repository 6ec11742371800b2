/// One statement of a SQL script, with where it sits in the script so errors can name the line.
///
/// ```swift
/// let statements = SQLStatement.split("create table a (x int);\n\ncreate table b (y int);")
/// statements[1].text   // "create table b (y int)"
/// statements[1].line   // 3
/// ```
public struct SQLStatement: Equatable, Sendable {
    /// The statement's text: from its first token to its last, without the closing `;`.
    /// Comments before the statement are left out; comments inside it are kept.
    public var text: String
    /// The 1-based line of the script on which the statement starts.
    public var line: Int
    /// The 1-based column (in characters) at which the statement starts on that line.
    public var column: Int
    /// Where the statement starts, in Unicode scalars from the start of the script.
    public var offset: Int

    /// A statement at a known place in its script.
    public init(text: String, line: Int, column: Int, offset: Int) {
        self.text = text
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The script line of a 1-based character position inside ``text``, such as the
    /// `position` PostgreSQL reports with an error in this statement.
    ///
    /// ```swift
    /// // "select\n  nope" starting on line 4: position 10 ("nope") is on line 5
    /// ```
    public func line(atCharacter position: Int) -> Int {
        var line = self.line
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index >= position - 1 { break }
            if scalar == "\n" { line += 1 }
        }
        return line
    }
}
