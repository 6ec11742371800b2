/// What happens to referencing rows when the referenced row is deleted.
public enum ReferentialAction: String, Sendable, Hashable {
    /// `on delete no action` (Postgres' default): the delete fails while references exist.
    case noAction = "no action"
    /// `on delete restrict`: like no action, checked immediately.
    case restrict
    /// `on delete cascade`: referencing rows are deleted too.
    case cascade
    /// `on delete set null`: the referencing column becomes null.
    case setNull = "set null"
    /// `on delete set default`: the referencing column takes its default.
    case setDefault = "set default"
}
