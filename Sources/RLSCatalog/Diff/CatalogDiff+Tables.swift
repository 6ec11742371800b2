import RLSSQL

extension CatalogDiff {
    /// Tables: created referenced-first, dropped referencing-first, kept ones compared in detail.
    mutating func diffTables() {
        var available = Set(current.tables.map(\.name)).subtracting(droppedTables)
        for table in desired.tables.filter({ createdTables.contains($0.name) }).referencedFirst {
            createTable(table, available: available)
            available.insert(table.name)
        }
        for table in current.tables.filter({ droppedTables.contains($0.name) }).referencedFirst.reversed() {
            add(
                .dropTable,
                Change(
                    kind: .drop, object: .table, name: "\(table.name)", isDestructive: true,
                    sql: "DROP TABLE \(table.name.sql);"))
        }
        for table in desired.tables {
            guard let old = currentTables[table.name] else { continue }
            diffColumns(of: old, to: table)
            diffConstraints(of: old, to: table)
            diffIndexes(of: old, to: table)
            diffRowSecurity(of: old, to: table)
            if old.comment != table.comment {
                add(
                    .comment,
                    Change(
                        kind: .comment, object: .table, name: "\(table.name)",
                        sql: commentSQL(on: "TABLE \(table.name.sql)", table.comment)))
            }
        }
    }

    private mutating func createTable(_ table: Catalog.Table, available: Set<QualifiedName>) {
        let created = createdTables
        let canInline = { (constraint: Catalog.Constraint) -> Bool in
            guard let target = constraint.referencedTable else { return true }
            // Tables outside the plan (kept ones, or `auth.users`) exist already.
            return target == table.name || !created.contains(target) || available.contains(target)
        }
        var sql = table.createSQL(inline: table.constraints.filter(canInline))
        if let comment = table.comment { sql += "\n" + commentSQL(on: "TABLE \(table.name.sql)", comment) }
        for column in table.columns where column.comment != nil {
            sql += "\n" + commentSQL(on: "COLUMN \(table.name.sql).\(quoteIdentifier(column.name))", column.comment)
        }
        add(.createTable, Change(kind: .create, object: .table, name: "\(table.name)", sql: sql), provides: .relation(table.name))
        for constraint in table.constraints where !canInline(constraint) {
            add(
                .addForeignKey,
                Change(
                    kind: .create, object: .constraint, name: "\(table.name).\(constraint.name)",
                    sql: table.addConstraintSQL(constraint)))
        }
        for index in table.indexes {
            add(
                .createIndex,
                Change(
                    kind: .create, object: .index, name: "\(table.name.schema).\(index.name)",
                    sql: index.definition + ";"))
        }
        if table.rowSecurity || table.forceRowSecurity {
            add(
                .rowSecurity,
                Change(
                    kind: .enableRowSecurity, object: .rowSecurity, name: "\(table.name)",
                    sql: table.rowSecuritySQL(
                        enable: table.rowSecurity ? true : nil,
                        force: table.forceRowSecurity ? true : nil)))
        }
    }

    private mutating func diffRowSecurity(of old: Catalog.Table, to new: Catalog.Table) {
        let enable = old.rowSecurity == new.rowSecurity ? nil : new.rowSecurity
        let force = old.forceRowSecurity == new.forceRowSecurity ? nil : new.forceRowSecurity
        guard enable != nil || force != nil else { return }
        let turnsOn = (enable ?? force) == true
        add(
            .rowSecurity,
            Change(
                kind: turnsOn ? .enableRowSecurity : .disableRowSecurity, object: .rowSecurity,
                name: "\(new.name)", sql: new.rowSecuritySQL(enable: enable, force: force)))
    }

    private mutating func diffConstraints(of old: Catalog.Table, to new: Catalog.Table) {
        let oldByName = Dictionary(uniqueKeysWithValues: old.constraints.map { ($0.name, $0) })
        let newByName = Dictionary(uniqueKeysWithValues: new.constraints.map { ($0.name, $0) })
        for constraint in old.constraints where newByName[constraint.name] != constraint {
            // Dropped before any column drop, so a constraint on a dropped column is still there to drop.
            let phase: DiffPhase = constraint.kind == .foreignKey ? .dropForeignKey : .dropConstraint
            add(
                phase,
                Change(
                    kind: .drop, object: .constraint, name: "\(old.name).\(constraint.name)",
                    sql: old.dropConstraintSQL(constraint)))
        }
        for constraint in new.constraints where oldByName[constraint.name] != constraint {
            let phase: DiffPhase = constraint.kind == .foreignKey ? .addForeignKey : .addConstraint
            let kind: Change.Kind = oldByName[constraint.name] == nil ? .create : .alter
            add(
                phase,
                Change(
                    kind: kind, object: .constraint, name: "\(new.name).\(constraint.name)",
                    sql: new.addConstraintSQL(constraint)))
        }
    }

    private mutating func diffIndexes(of old: Catalog.Table, to new: Catalog.Table) {
        let oldByName = Dictionary(uniqueKeysWithValues: old.indexes.map { ($0.name, $0) })
        let newByName = Dictionary(uniqueKeysWithValues: new.indexes.map { ($0.name, $0) })
        for index in old.indexes where newByName[index.name] != index {
            add(
                .dropIndex,
                Change(
                    kind: .drop, object: .index, name: "\(old.name.schema).\(index.name)",
                    sql: old.dropIndexSQL(index)))
        }
        for index in new.indexes where oldByName[index.name] != index {
            let kind: Change.Kind = oldByName[index.name] == nil ? .create : .alter
            add(
                .createIndex,
                Change(
                    kind: kind, object: .index, name: "\(new.name.schema).\(index.name)",
                    sql: index.definition + ";"))
        }
    }
}
