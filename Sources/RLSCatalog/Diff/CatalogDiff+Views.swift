extension CatalogDiff {
    /// Current views that must be dropped: removed ones, and those reading a table, column or view
    /// that is dropped or rebuilt (found transitively).
    func viewsToRebuild() -> Set<QualifiedName> {
        let wanted = Set(desired.views.map(\.name))
        var rebuilt = Set(current.views.map(\.name).filter { !wanted.contains($0) })
        let desiredViews = Dictionary(desired.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for view in current.views {
            // A materialized view cannot be replaced in place, nor a view whose kind changes. (Its
            // comment, indexes and whether it holds rows change in place.)
            if let target = desiredViews[view.name],
                !target.isDefined(like: view), view.isMaterialized || target.isMaterialized
            {
                rebuilt.insert(view.name)
            }
        }
        var grew = true
        while grew {
            grew = false
            for view in current.views where !rebuilt.contains(view.name) {
                let affected = view.dependencies.contains { reference in
                    droppedTables.contains(reference.relation) || rebuilt.contains(reference.relation)
                        || changedColumns.contains(reference)
                }
                if affected {
                    rebuilt.insert(view.name)
                    grew = true
                }
            }
        }
        return rebuilt
    }

    /// Views: rebuilt ones dropped dependents-first and created dependencies-first; changed ones replaced.
    /// Dropping a materialized view is destructive (its stored rows go); its comment, indexes and
    /// whether it holds rows (`REFRESH MATERIALIZED VIEW`) change in place.
    mutating func diffViews() {
        let existing = Dictionary(uniqueKeysWithValues: current.views.map { ($0.name, $0) })
        for view in current.views.filter({ rebuiltViews.contains($0.name) }).dependenciesFirst.reversed() {
            add(.dropView, Change(kind: .drop, object: .view, name: "\(view.name)", isDestructive: view.isMaterialized, sql: view.dropSQL))
        }
        for view in desired.views.dependenciesFirst {
            let old = existing[view.name]
            if let old, !rebuiltViews.contains(view.name) {
                guard old != view else { continue }
                if old.query == view.query, old.options == view.options {
                    if old.comment != view.comment {
                        add(
                            .comment,
                            Change(
                                kind: .comment, object: .view, name: "\(view.name)",
                                sql: commentSQL(on: "\(view.keyword) \(view.name.sql)", view.comment)))
                    }
                    if old.isPopulated != view.isPopulated {
                        add(.createView, Change(kind: .alter, object: .view, name: "\(view.name)", sql: view.refreshSQL))
                    }
                    diffIndexes(of: old, to: view)
                } else {
                    var sql = view.createSQL(replace: true)
                    for option in old.options where !view.options.contains(where: { optionName($0) == optionName(option) }) {
                        sql = "ALTER VIEW \(view.name.sql) RESET (\(optionName(option)));\n" + sql
                    }
                    add(
                        .createView, Change(kind: .alter, object: .view, name: "\(view.name)", sql: sql),
                        provides: .relation(view.name))
                }
                continue
            }
            add(
                .createView,
                Change(
                    kind: old == nil ? .create : .alter, object: .view, name: "\(view.name)",
                    sql: view.createSQL(replace: false)),
                provides: .relation(view.name))
        }
    }

    /// A materialized view's indexes: a changed one dropped and created again, as on a table.
    private mutating func diffIndexes(of old: Catalog.View, to new: Catalog.View) {
        let oldByName = Dictionary(uniqueKeysWithValues: old.indexes.map { ($0.name, $0) })
        let newByName = Dictionary(uniqueKeysWithValues: new.indexes.map { ($0.name, $0) })
        for index in old.indexes where newByName[index.name] != index {
            add(.dropIndex, Change(kind: .drop, object: .index, name: "\(old.name.schema).\(index.name)", sql: old.dropIndexSQL(index)))
        }
        for index in new.indexes where oldByName[index.name] != index {
            add(
                .createIndex,
                Change(
                    kind: oldByName[index.name] == nil ? .create : .alter, object: .index, name: "\(new.name.schema).\(index.name)",
                    sql: index.definition + ";"))
        }
    }

    private func optionName(_ option: String) -> String {
        String(option.prefix { $0 != "=" })
    }
}
