import RLSPostgres

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
    public let text: String
    /// The 1-based line of the script on which the statement starts.
    public let line: Int
    /// The 1-based column (in characters) at which the statement starts on that line.
    public let column: Int
    /// Where the statement starts, in Unicode scalars (characters, as the server counts them) from
    /// the start of the script.
    public let offset: Int
    /// The ways this statement can lose data, in order of appearance; empty when it cannot.
    ///
    /// ```swift
    /// SQLStatement.split("alter table t drop column c, alter column d type bigint")[0].destructiveKinds
    /// // [.dropColumn, .alterColumnType]
    /// SQLStatement.split("alter table t drop constraint c")[0].destructiveKinds   // []
    /// ```
    public let destructiveKinds: [DestructiveKind]
    /// Why a migration may not contain this statement (`COMMIT`, `VACUUM`, `COPY … FROM STDIN`, …),
    /// or nil when it may.
    public let refusal: Refusal?
    /// Whether this is `BEGIN`, `COMMIT`, `SAVEPOINT` or similar, which would end or nest rls's own
    /// transaction and break all-or-nothing.
    public var isTransactionControl: Bool { refusal == .transactionControl }
    /// For `ALTER TYPE name ADD VALUE …`, the type's name (last part, folded); nil otherwise.
    let enumValueType: String?
    /// For `CREATE TYPE name AS ENUM …`, the type's name (last part, folded); nil otherwise.
    let createdEnumType: String?
    /// For an `INSERT … VALUES` of literals only, the table's name parts (see
    /// ``literalRowsTable(of:)``); nil otherwise.
    package let literalRowsTable: [String]?
    /// The text's length in Unicode scalars.
    let length: Int

    /// A statement at a known place in its script.
    public init(text: String, line: Int, column: Int, offset: Int) {
        self.init(
            text: text, line: line, column: column, offset: offset, length: text.unicodeScalars.count,
            tokens: SQLScanner.tokens(in: text))
    }

    /// A statement whose tokens the splitter already has.
    init(text: String, line: Int, column: Int, offset: Int, length: Int, tokens: [SQLToken]) {
        self.text = text
        self.line = line
        self.column = column
        self.offset = offset
        self.length = length
        destructiveKinds =
            tokens.first?.isWord("DO") == true
            ? Self.doBlockDestructiveKinds(text) : Self.destructiveKinds(of: tokens)
        refusal = Self.refusal(of: tokens)
        enumValueType = Self.enumValueType(of: tokens)
        createdEnumType = Self.createdEnumType(of: tokens)
        literalRowsTable = Self.literalRowsTable(of: tokens)
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
