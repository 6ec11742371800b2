import RLSCatalog
import Testing

@testable import RLSDatabase

/// The merge of two partial builds into a whole one refuses whatever it cannot be sure of.
@Suite struct CatalogIncrementTests {
    typealias Table = Catalog.Table

    @Test func whatDiffersBetweenThePartialBuildsIsTakenFromTheNewOne() throws {
        let whole = Catalog(tables: [Table(name: "public.t", comment: "old"), Table(name: "public.u")])
        let merged = whole.applyingIncrement(
            from: Catalog(tables: [Table(name: "public.t", comment: "old"), Table(name: "public.gone")]),
            to: Catalog(tables: [Table(name: "public.t", comment: "new"), Table(name: "public.added")]))
        // `public.gone` was only in the old partial build: a whole catalog without it would refuse.
        #expect(merged == nil)
        let kept = Catalog(tables: [Table(name: "public.t", comment: "old"), Table(name: "public.u"), Table(name: "public.gone")])
        let result = kept.applyingIncrement(
            from: Catalog(tables: [Table(name: "public.t", comment: "old"), Table(name: "public.gone")]),
            to: Catalog(tables: [Table(name: "public.t", comment: "new"), Table(name: "public.added")]))
        #expect(result?.tables.map(\.name) == ["public.added", "public.t", "public.u"])
        #expect(result?.table("public.t")?.comment == "new")
    }

    /// Where the whole catalog holds an object otherwise than the old partial build, statements
    /// outside the partial build shape it too: only a whole build can say what it becomes.
    @Test func anObjectShapedOutsideThePartialBuildRefusesTheIncrement() {
        let whole = Catalog(tables: [Table(name: "public.t", rowSecurity: true, comment: "set by a statement left out")])
        let merged = whole.applyingIncrement(
            from: Catalog(tables: [Table(name: "public.t", rowSecurity: true)]),
            to: Catalog(tables: [Table(name: "public.t", rowSecurity: false)]))
        #expect(merged == nil)
        // Unchanged between the partial builds: the whole catalog's version stays, whatever they held.
        let unchanged = whole.applyingIncrement(
            from: Catalog(tables: [Table(name: "public.t")]), to: Catalog(tables: [Table(name: "public.t")]))
        #expect(unchanged?.table("public.t")?.comment == "set by a statement left out")
    }

    /// The server picks a free name (`..._idx1`) in a whole build; a partial build cannot know it.
    @Test func aRelationNameTakenTwiceRefusesTheIncrement() {
        let whole = Catalog(tables: [Table(name: "public.u", indexes: [.init(name: "x", definition: "CREATE INDEX x ON public.u (id)")])])
        #expect(whole.applyingIncrement(from: Catalog(), to: Catalog(tables: [Table(name: "public.x")])) == nil)
        #expect(whole.applyingIncrement(from: Catalog(), to: Catalog(tables: [Table(name: "public.y")])) != nil)
    }
}
