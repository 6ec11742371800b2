import RLSModel
import RLSSQL
import Testing

/// The one dependency sort that rendering, the catalog diff and fixtures share.
@Suite struct DependencyOrderTests {
    /// `name` depends on the letters in `dependencies`.
    struct Node {
        var name: String
        var dependencies: [String]
    }

    func order(_ nodes: [Node]) -> [String] {
        dependencyOrder(nodes, name: \.name, dependencies: \.dependencies).map(\.name)
    }

    @Test func dependenciesComeFirstAndTheGivenOrderBreaksTies() {
        #expect(
            order([
                Node(name: "c", dependencies: ["a"]), Node(name: "b", dependencies: []),
                Node(name: "a", dependencies: ["b"]),
            ]) == ["b", "a", "c"])
        #expect(order([Node(name: "x", dependencies: []), Node(name: "y", dependencies: [])]) == ["x", "y"])
    }

    @Test func selfAndOutsideDependenciesAreAlreadySatisfied() {
        #expect(order([Node(name: "b", dependencies: ["b", "auth.users"]), Node(name: "a", dependencies: [])]) == ["b", "a"])
    }

    @Test func aCycleBreaksAtItsEarliestItem() {
        // b and c reference each other; a is free and placed first, then the cycle breaks at b.
        #expect(
            order([
                Node(name: "b", dependencies: ["c"]), Node(name: "c", dependencies: ["b"]),
                Node(name: "a", dependencies: []),
            ]) == ["a", "b", "c"])
        #expect(
            order([
                Node(name: "b", dependencies: ["c"]), Node(name: "c", dependencies: ["b"]),
                Node(name: "d", dependencies: ["c"]),
            ]) == ["b", "c", "d"])
    }

    @Test func schemaTablesComeAfterTheTablesTheyReference() {
        let schema = Schema {
            Table("ride") {
                Column("id", .uuid).primaryKey()
                Column("rider_id", .uuid).references("rider")
            }
            Table("rider") {
                Column("id", .uuid).primaryKey()
            }
        }
        #expect(schema.tablesInDependencyOrder.map(\.qualifiedName) == ["public.rider", "public.ride"])
    }
}
