/// The stages of a change plan, in the order they run.
///
/// Drops of dependents come first, then table shape changes, then creations from the bottom up
/// (schemas, extensions, types, tables, constraints, functions, views, grants, storage buckets, policies, triggers, then the default privileges of objects created later), and last the drops
/// of things that others may have used until then (functions, types, extensions, schemas). A function, table
/// or view that a change of an earlier phase uses is moved up to just before it (`usesFirst`).
enum DiffPhase: Int, CaseIterable, Comparable {
    case dropTrigger
    case dropPolicy
    case dropView
    case dropForeignKey
    case dropConstraint
    case dropIndex
    case revoke
    case dropTable
    case createSchema
    case createExtension
    case createEnum
    case dropColumn
    case alterColumn
    case addColumn
    case addConstraint
    case createTable
    case addForeignKey
    case createIndex
    case rowSecurity
    case createFunction
    case createView
    case grant
    case bucket
    case createPolicy
    case createTrigger
    case liveChanges
    case comment
    case alterDefaultPrivileges
    case dropFunction
    case dropEnum
    case dropExtension
    case dropSchema

    static func < (lhs: DiffPhase, rhs: DiffPhase) -> Bool { lhs.rawValue < rhs.rawValue }
}
