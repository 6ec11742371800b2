import RLSModel

extension RoleGrid {
    /// The heading line shared by both pages: `**By role**, for members of the row's dealership:`.
    var heading: String { "**By role**, for members of \(whose):" }

    /// The grid as a Markdown table with its legend line, for `ACCESS.md`.
    var markdown: [String] {
        var lines = [
            "| role | " + Operation.allCases.map(\.verb).joined(separator: " | ") + " |",
            "|---|" + Operation.allCases.map { _ in ":-:|" }.joined(),
        ]
        for row in rows {
            lines.append("| \(row.role.markdownText.markdownCell) | " + row.outcomes.map(\.symbol).joined(separator: " | ") + " |")
        }
        return [heading, ""] + lines + ["", legend]
    }

    /// The grid as an HTML table with its legend, for `access.html`; `inline` renders Markdown's code and emphasis.
    func html(_ inline: (String) -> String) -> [String] {
        var lines = [
            "<table class=\"by-role\">", "<thead>",
            "<tr><th>role</th>" + Operation.allCases.map { "<th>\($0.verb)</th>" }.joined() + "</tr>", "</thead>", "<tbody>",
        ]
        for row in rows {
            lines.append(
                "<tr><th class=\"table\">\(row.role.htmlEscaped)</th>"
                    + Operation.allCases.indices.map { index in
                        let outcome = row.outcomes[index]
                        let title = "\(row.role), \(Operation.allCases[index].verb): \(outcome.words)"
                        return "<td class=\"\(AccessHTMLPage.cssClass(outcome))\" title=\"\(title.htmlEscaped)\">\(outcome.symbol)</td>"
                    }.joined() + "</tr>")
        }
        return ["<p>\(inline(heading))</p>"] + lines + ["</tbody>", "</table>", "<p class=\"legend\">\(inline(legend))</p>"]
    }
}
