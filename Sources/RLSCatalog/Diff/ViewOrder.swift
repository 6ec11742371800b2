/// Orders views so that each comes after the views it reads.
enum ViewOrder {
    /// `views` sorted dependencies-first; ties (and cycles, which Postgres forbids) break by name.
    static func dependenciesFirst(_ views: [Catalog.View]) -> [Catalog.View] {
        let names = Set(views.map(\.name))
        var remaining = views.sorted { $0.name < $1.name }
        var placed: Set<QualifiedName> = []
        var ordered: [Catalog.View] = []
        while !remaining.isEmpty {
            let readyIndex = remaining.firstIndex { view in
                view.dependencies.allSatisfy { !names.contains($0.relation) || $0.relation == view.name
                    || placed.contains($0.relation) }
            } ?? 0
            let view = remaining.remove(at: readyIndex)
            placed.insert(view.name)
            ordered.append(view)
        }
        return ordered
    }
}
