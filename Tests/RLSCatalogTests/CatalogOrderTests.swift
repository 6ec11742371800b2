import RLSCatalog
import RLSWords
import Testing

/// A catalog keeps its objects in one order whatever order they were read in: plans, snapshots and
/// cache entries compare and print them in it.
@Suite struct CatalogOrderTests {
    private typealias Grant = Catalog.Grant

    /// The order the grant's documentation gives, spelled as one comparison of whole tuples.
    private static func documentedOrder(_ lhs: Grant, _ rhs: Grant) -> Bool {
        (lhs.objectKind, lhs.object, lhs.arguments ?? "", lhs.column ?? "", lhs.grantee.name, lhs.privilege.catalogName)
            < (rhs.objectKind, rhs.object, rhs.arguments ?? "", rhs.column ?? "", rhs.grantee.name, rhs.privilege.catalogName)
            || (lhs.objectKind, lhs.object, lhs.arguments ?? "", lhs.column ?? "", lhs.grantee, lhs.privilege)
                == (rhs.objectKind, rhs.object, rhs.arguments ?? "", rhs.column ?? "", rhs.grantee, rhs.privilege)
                && !lhs.grantable && rhs.grantable
    }

    /// Every grant a few objects, columns, arguments, roles and privileges make, with and without the grant option.
    private static let grants: [Grant] = {
        var grants: [Grant] = []
        for kind in [Grant.ObjectKind.schema, .table, .sequence, .function] {
            for object in [
                QualifiedName(schema: "public", name: "a"), QualifiedName(schema: "public", name: "B"),
                QualifiedName(schema: "app", name: "a"),
            ] {
                for (arguments, column) in [(nil, nil), ("", nil), ("uuid", nil), (nil, "title"), (nil, "")] as [(String?, String?)] {
                    for grantee in [Role.anon, .authenticated, Role("PUBLIC"), Role("Zoë")] {
                        for privilege in Privilege.allCases {
                            for grantable in [false, true] {
                                grants.append(
                                    Grant(
                                        objectKind: kind, object: object, arguments: arguments, column: column, grantee: grantee,
                                        privilege: privilege, grantable: grantable))
                            }
                        }
                    }
                }
            }
        }
        return grants
    }()

    @Test func grantsCompareAsTheirDocumentedOrderSays() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200_000 {
            let (lhs, rhs) = (Self.grants.randomElement(using: &generator)!, Self.grants.randomElement(using: &generator)!)
            #expect((lhs < rhs) == Self.documentedOrder(lhs, rhs), "\(lhs) < \(rhs)")
        }
    }

    @Test func objectsReadInAnyOrderAreKeptInOneOrder() {
        // No two grants equal in the order (an empty and a missing column are the same there).
        let distinct = Self.grants.filter { $0.arguments != "" && $0.column != "" }
        let catalog = Catalog(grants: distinct.shuffled())
        let expected = distinct.sorted(by: Self.documentedOrder)
        #expect(catalog.grants.count == expected.count)
        let misplaced = catalog.grants.indices.first { catalog.grants[$0] != expected[$0] }
        #expect(misplaced == nil, "first grant out of place: \(misplaced.map { "\(catalog.grants[$0])" } ?? "")")
        #expect(Catalog(grants: catalog.grants).grants == catalog.grants, "in order already: as it is")
        let tables = ["b", "a", "c"].map { Catalog.Table(name: QualifiedName(schema: "public", name: $0)) }
        #expect(Catalog(tables: tables).tables.map(\.name.name) == ["a", "b", "c"])
    }
}
