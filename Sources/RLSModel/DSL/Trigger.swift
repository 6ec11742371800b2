/// A trigger that runs a DSL ``Function`` (returning `.trigger`) on a table, `auth.users` included.
///
/// ```swift
/// Trigger("listing_touch", on: "listing", .before, [.update], execute: "touch_updated_at")
/// // create trigger "listing_touch" before update on "public"."listing"
/// //   for each row execute function "public"."touch_updated_at"();
/// ```
public struct Trigger: Sendable, Hashable {
    /// When the trigger fires relative to the statement.
    public enum Timing: String, Sendable, Hashable {
        /// `before`
        case before
        /// `after`
        case after
        /// `instead of` (views only)
        case insteadOf = "instead of"
    }

    /// An event the trigger fires on.
    public enum Event: Sendable, Hashable {
        /// `insert`
        case insert
        /// `update`, or `update of <columns>` when columns are given.
        case update(of: [String] = [])
        /// `delete`
        case delete
        /// `truncate` (statement-level only)
        case truncate

        /// `update` of any column.
        public static let update = Event.update(of: [])
    }

    /// Once per row or once per statement.
    public enum Level: String, Sendable, Hashable {
        /// `for each row`
        case row
        /// `for each statement`
        case statement
    }

    /// The trigger's name, unique per table.
    public var name: String
    /// The table it is attached to.
    public var table: TableName
    /// Before, after or instead of.
    public var timing: Timing
    /// The events it fires on.
    public var events: [Event]
    /// Row or statement level.
    public var level: Level
    /// The function it executes.
    public var function: QualifiedName
    /// An optional `when (...)` condition.
    public var condition: SQL?
    /// Transition tables (`referencing old table as ... new table as ...`) of an `after` trigger:
    /// a statement-level trigger then sees every row the statement changed, at once.
    public var transitionTables: TransitionTables?
    /// Where the trigger was declared.
    public var source: DeclarationSite

    /// Declares a trigger.
    public init(
        _ name: String, on table: TableName, _ timing: Timing, _ events: [Event], level: Level = .row,
        when condition: SQL? = nil, referencing transitionTables: TransitionTables? = nil,
        execute function: QualifiedName, fileID: String = #fileID, line: Int = #line
    ) {
        self.name = name
        self.table = table
        self.timing = timing
        self.events = events
        self.level = level
        self.function = function
        self.condition = condition
        self.transitionTables = transitionTables
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}
