/// A table's access plan for each operation.
///
/// ```swift
/// Table("listing") { ... }
///     .access(read: .authenticated, write: .owner(column: "seller_id"))
/// ```
public struct TableAccess: Sendable, Hashable {
    /// Who may read rows.
    public var select: AccessPlan
    /// Who may add rows.
    public var insert: AccessPlan
    /// Who may change rows.
    public var update: AccessPlan
    /// Who may remove rows.
    public var delete: AccessPlan
    /// Where `.access(...)` was written (the table's declaration when it was not).
    public var source: DeclarationSite?

    /// A plan per operation; each defaults to ``AccessPlan/noAccess``.
    public init(
        select: AccessPlan = .noAccess, insert: AccessPlan = .noAccess, update: AccessPlan = .noAccess,
        delete: AccessPlan = .noAccess, source: DeclarationSite? = nil
    ) {
        self.select = select
        self.insert = insert
        self.update = update
        self.delete = delete
        self.source = source
    }

    /// One plan for reading and one for insert, update and delete.
    public init(read: AccessPlan, write: AccessPlan, source: DeclarationSite? = nil) {
        self.init(select: read, insert: write, update: write, delete: write, source: source)
    }

    /// No API role may do anything: the default for a table without `.access`.
    public static let noAccess = TableAccess()

    /// The plan for one operation.
    public subscript(operation: Operation) -> AccessPlan {
        get {
            switch operation {
            case .select: select
            case .insert: insert
            case .update: update
            case .delete: delete
            }
        }
        set {
            switch operation {
            case .select: select = newValue
            case .insert: insert = newValue
            case .update: update = newValue
            case .delete: delete = newValue
            }
        }
    }
}
