/// A check constraint with a hand-written condition.
///
/// ```swift
/// CheckConstraint("listing_price_positive", SQL(raw: "price > 0"))
/// // constraint "listing_price_positive" check (price > 0)
/// ```
public struct CheckConstraint: Sendable, Hashable {
    /// The constraint's name (unique within the schema's constraints on this table).
    public var name: String
    /// The condition, spliced as written.
    public var condition: SQL
    /// Where the constraint was declared.
    public var source: DeclarationSite

    /// Declares `constraint name check (condition)`.
    public init(_ name: String, _ condition: SQL, fileID: String = #fileID, line: Int = #line) {
        self.name = name
        self.condition = condition
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}

/// The former name of ``CheckConstraint``: "check" names the command, a CHECK constraint is a ``CheckConstraint``.
@available(*, deprecated, renamed: "CheckConstraint")
public typealias Check = CheckConstraint
