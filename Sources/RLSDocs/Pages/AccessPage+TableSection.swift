import RLSModel
import RLSSQL

extension AccessPage {
    /// One table: its comment, a sentence per group of operations, columns, grants, the routines
    /// that write to it, the triggers on it, and its access SQL folded in `<details>`.
    func tableSection(_ table: Table) -> [String] {
        let schema = matrix.schema
        let writers = schema.writers(of: table)
        var lines = ["## \(table.displayName.markdownCode)", ""]
        if let comment = table.comment { lines += [comment.markdownText, ""] }
        for sentence in matrix.sentences(for: table, writtenByRoutines: !writers.isEmpty) {
            let status = isProven(sentence, of: table) ? "proven by `rls check`" : "not yet proven"
            lines.append("- \(sentence.text) *(\(status))*")
        }
        lines += table.realtimeSentences(in: schema).map { "- \($0)" }
        if let grid = matrix.roleGrid(for: table) { lines += [""] + grid.markdown }
        lines += ["", "**Columns**, visible to whoever can see a row:", "", "| column | type | notes |", "|---|---|---|"]
        for column in table.columns {
            let cells = [column.name.markdownCode, column.type.description.markdownText, notes(on: column, of: table)]
            lines.append("| " + cells.map(\.markdownCell).joined(separator: " | ") + " |")
        }
        lines += ["", "**Privileges**: " + grants(of: table)]
        if !writers.isEmpty {
            lines += ["", "**Written by functions**:", ""] + writers.map { "- \($0.summary)" }
        }
        let triggers = schema.triggers(on: table)
        if !triggers.isEmpty {
            lines += ["", "**Triggers on this table**:", ""]
            lines += triggers.map {
                "- \($0.name.markdownCode), \($0.timing.rawValue) \($0.eventWords), runs \($0.function.description.markdownCode)"
            }
        }
        let access = compiled.section(.access(table.qualifiedName))
        let policyCount = access?.policies.count ?? 0
        lines += [
            "",
            "<details>",
            "<summary>SQL: row-level security, privileges and \(policyCount) \(policyCount == 1 ? "policy" : "policies")</summary>",
            "",
        ]
        lines += (access?.sql ?? "").markdownCodeBlock(language: "sql") + ["", "</details>"]
        let realtimeSQL = [CompiledSection.Subject.liveChanges(table.qualifiedName), .channels(table.qualifiedName)]
            .compactMap { compiled.section($0)?.sql }
        if !realtimeSQL.isEmpty {
            lines += ["", "<details>", "<summary>SQL: live changes and private channels</summary>", ""]
            lines += realtimeSQL.joined(separator: "\n").markdownCodeBlock(language: "sql") + ["", "</details>"]
        }
        return lines
    }

    /// `primary key; owner; references profiles (on delete cascade); default auth.uid()`.
    private func notes(on column: Column, of table: Table) -> String {
        var notes: [String] = []
        if table.primaryKey?.columns.contains(column.name) == true { notes.append("primary key") }
        if table.uniques.contains(where: { $0.columns == [column.name] }) { notes.append("unique") }
        if let path = matrix.ownerPath(of: table), path.ownershipColumn == column.name {
            notes.append(path.hops.isEmpty ? "**owner**: the user's id" : "**owner** through \(path.hops[0].parent.name.markdownCode)")
        }
        for key in table.foreignKeys where key.columns.contains(column.name) {
            let target = key.referencedTable.schema == "public" ? key.referencedTable.name : key.referencedTable.description
            let action = key.onDelete == .noAction ? "" : " (on delete \(key.onDelete.rawValue))"
            notes.append("references \(target.markdownCode)\(action)")
        }
        if column.identity != nil { notes.append("generated") }
        if let value = column.defaultValue { notes.append("default \(value.sql.markdownCode)") }
        if column.isNullable { notes.append("optional") }
        if let comment = column.comment { notes.append(comment.markdownText) }
        return notes.joined(separator: "; ")
    }

    /// `` `anon`: see · `authenticated`: see, change · `service_role`: see, change ``, nothing for roles without any.
    private func grants(of table: Table) -> String {
        let privileges = table.privileges
        let parts = (Role.apiRoles + privileges.keys.filter { !Role.apiRoles.contains($0) }.sorted()).map { role in
            let operations = (privileges[role] ?? []).sorted()
            return "\(role.name.markdownCode): " + (operations.isEmpty ? "nothing" : operations.map(\.rawValue).joined(separator: ", "))
        }
        return parts.joined(separator: " · ") + ". Everything else is revoked."
    }
}
