import RLSModel

extension AccessPage {
    /// Views (who may read them, and whether the tables' rules still apply through them) and every
    /// function (who may call it, and which triggers run it).
    var viewsAndFunctions: [String] {
        let schema = matrix.schema
        var lines: [String] = []
        if !schema.views.isEmpty {
            lines += ["## Views", ""]
            for view in schema.views {
                let readers = listed((view.readableBy.filter { $0 != .serviceRole } + [.serviceRole]).map(\.readerWords))
                var text = "- \(view.qualifiedName.displayName.markdownCode): \(readers) can read it;"
                text +=
                    view.isSecurityInvoker
                    ? " it runs with the reader's rights, so the rules of the tables it reads still apply."
                    : " it runs as its owner, **bypassing row-level security** on the tables it reads."
                if let comment = view.comment { text += " \(comment.markdownText)" }
                lines.append(text)
            }
            lines.append("")
        }
        let routines = schema.routines
        if !routines.isEmpty {
            lines += ["## Functions", ""]
            for routine in routines {
                let function = routine.function
                let callers =
                    function.executableBy.isEmpty
                    ? "nobody may call it directly"
                    : "callable by \(listed(function.executableBy.map(\.name.markdownCode)))"
                var text = "- \(function.qualifiedName.description.markdownCode): security \(function.security.rawValue), \(callers)"
                if !routine.triggers.isEmpty {
                    text +=
                        "; run by \(listed(routine.triggers.map { "\($0.name.markdownCode) (\($0.timing.rawValue) \($0.eventWords) on \($0.table.description.markdownCode))" }))"
                }
                text += "."
                if let comment = function.comment { text += " \(comment.markdownText)" }
                lines.append(text)
            }
            lines.append("")
        }
        return lines
    }
}
