import RLSMigrations
import RLSModel

/// A schema's statements cut into two scripts that build side by side, each on a throwaway database
/// of its own, so that a first `rls plan` (nothing cached) uses both cores: what one script creates,
/// the other never mentions.
///
/// Statements that mention each other by name stay together: a table, its indexes, grants, policies
/// and comments, the types and functions it uses, the tables its policies and functions read. What is
/// not understood (``DesiredStatement/subject`` nil) and what is about a schema runs in both scripts,
/// in its place, as the whole build runs it. Nothing here is trusted on its own: a script that fails,
/// or two catalogs that disagree on an object both hold (``Catalog/union(_:_:)``), send the caller back
/// to the whole build.
///
/// Worth it from a few hundred tables: each script pays for a database of its own, and the whole build
/// of a large schema costs more than the two halves together (each foreign key to `auth.users` adds
/// two triggers there, and every one after it reads them all again).
///
/// ```swift
/// let split = DesiredSplit(DesiredStatement.split(sql))   // nil: build the whole
/// split?.first, split?.second                             // two scripts, each in the schema's order
/// ```
struct DesiredSplit: Sendable {
    /// The first script, in the schema's order.
    let first: String
    /// The second script, in the schema's order.
    let second: String
    /// The statements of each script, as the rendering's split gave them; nil when a statement
    /// came without (the scripts are then split again where they run).
    let statements: (first: [SQLStatement], second: [SQLStatement])?

    /// Below this many statements the whole build is as fast: a second database costs about as much
    /// as what it saves.
    static let fewestStatements = 2_000

    /// Nil when splitting would not pay (fewer than `fewestStatements`, or one part much larger than
    /// the other), or when a statement run by both scripts mentions an object one of them creates.
    init?(_ statements: [DesiredStatement], fewestStatements: Int = DesiredSplit.fewestStatements) {
        guard statements.count >= fewestStatements else { return nil }
        let schemas = Set(statements.filter(\.isAboutSchema).compactMap(\.defines))
        // What a statement may depend on by name: what the schema creates (a table's identity
        // sequence too, which only its grants name), not what Supabase already has (`auth.users`,
        // which every foreign key to it mentions).
        let defined = Set(statements.compactMap(\.defines)).subtracting(schemas)
            .union(statements.compactMap { $0.subject.flatMap(Self.inProjectSchema) })
        func runsInBoth(_ statement: DesiredStatement) -> Bool { statement.subject == nil || statement.isAboutSchema }
        var groups = Groups()
        var owner: [Int?] = []
        owner.reserveCapacity(statements.count)
        for statement in statements {
            let words = statement.words
            if runsInBoth(statement) {
                // Run by both: whatever it mentions must exist on both sides, so the schema is one piece.
                guard words.isDisjoint(with: defined) else { return nil }
                owner.append(nil)
                continue
            }
            let node = groups.node(Self.lastPart(statement.subject!))
            if let name = statement.defines { groups.join(node, groups.node(name)) }
            for word in words where defined.contains(word) { groups.join(node, groups.node(word)) }
            owner.append(node)
        }
        // Largest pieces first, each to the lighter side.
        var sizes: [Int: Int] = [:]
        for node in owner.compactMap({ $0 }) { sizes[groups.root(node), default: 0] += 1 }
        var side: [Int: Int] = [:]
        var weights = [0, 0]
        for (root, size) in sizes.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            let lighter = weights[0] <= weights[1] ? 0 : 1
            side[root] = lighter
            weights[lighter] += size
        }
        // Worth two databases only when the smaller part is at least a quarter of the work.
        guard weights.min()! * 4 >= weights.reduce(0, +) else { return nil }
        var scripts = ["", ""]
        var split: [[SQLStatement]]? = statements.allSatisfy { $0.statement != nil } ? [[], []] : nil
        for (statement, node) in zip(statements, owner) {
            let text = statement.text + ";\n"
            let sides = node.map { [side[groups.root($0)]!] } ?? [0, 1]
            for index in sides {
                scripts[index] += text
                split?[index].append(statement.statement!)
            }
        }
        (first, second) = (scripts[0], scripts[1])
        self.statements = split.map { ($0[0], $0[1]) }
    }

    /// Script `index` (0: ``first``, 1: ``second``) to run on a throwaway database, with its
    /// statements when the split has them.
    func script(_ index: Int, named name: String) -> SQLScript {
        let sql = index == 0 ? first : second
        guard let statements else { return SQLScript(name: name, sql: sql) }
        return SQLScript(name: name, sql: sql, statements: index == 0 ? statements.first : statements.second)
    }

    private static func lastPart(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The last part of `subject` when it is an object in a schema of the project's (not one of
    /// ``SupabaseSchemas``, whose objects the schema only attaches to).
    private static func inProjectSchema(_ subject: String) -> String? {
        let parts = subject.split(separator: ".").map(String.init)
        guard parts.count == 2, !SupabaseSchemas.owns(parts[0]) else { return nil }
        return parts[1]
    }

    /// Names joined into pieces (union-find, by index).
    private struct Groups {
        private var index: [String: Int] = [:]
        private var parent: [Int] = []

        mutating func node(_ name: String) -> Int {
            if let found = index[name] { return found }
            parent.append(parent.count)
            index[name] = parent.count - 1
            return parent.count - 1
        }

        mutating func root(_ node: Int) -> Int {
            var node = node
            while parent[node] != node {
                parent[node] = parent[parent[node]]
                node = parent[node]
            }
            return node
        }

        mutating func join(_ one: Int, _ other: Int) {
            let (first, second) = (root(one), root(other))
            if first != second { parent[max(first, second)] = min(first, second) }
        }
    }
}
