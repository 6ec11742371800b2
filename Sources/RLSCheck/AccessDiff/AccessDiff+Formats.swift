import RLSJSON

/// The three ways an access diff prints: text for a terminal, Markdown for a pull-request comment,
/// JSON (keys in a fixed order, changes in schema order) for machines.
extension AccessDiff {
    /// `Access changes (Migrations/ → the schema):` then one sentence per line, or `No access changes`.
    public var text: String {
        var lines = ["Access changes (\(before) → \(after)):"]
        if changes.isEmpty { lines = ["No access changes (\(before) → \(after)): every caller keeps exactly the access it had."] }
        for change in changes {
            lines.append(
                "  " + (change.direction == .gains ? "+ " : "- ") + change.sentence
                    + (change.acknowledgement.map { " [expected: \($0)]" } ?? ""))
        }
        lines += notes.map { "  note: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// A pull-request comment: a heading the CI recipe finds again to update, gains and losses.
    public var markdown: String {
        var lines = [
            Self.markdownMarker, "### Access changes", "", "From \(before) to \(after), proven by `rls check` probes on both.", "",
        ]
        if changes.isEmpty {
            lines.append("No caller gains or loses access.")
        }
        let gains = changes.filter { $0.direction == .gains }
        let losses = changes.filter { $0.direction == .loses }
        if !gains.isEmpty {
            lines += ["**Gains** (\(gains.count))", ""]
            lines += gains.map {
                "- " + Self.code($0.sentence)
                    + ($0.acknowledgement.map { " — expected: \($0.markdownEscaped)" } ?? " — **not acknowledged**")
            }
            lines.append("")
        }
        if !losses.isEmpty {
            lines += ["**Losses** (\(losses.count))", ""]
            lines += losses.map { "- " + Self.code($0.sentence) }
            lines.append("")
        }
        lines += notes.map { "> note: \($0.markdownEscaped)" }
        return lines.joined(separator: "\n").trimmingTrailingNewlines + "\n"
    }

    /// The hidden line a CI job searches for to update its own comment instead of adding one.
    public static let markdownMarker = "<!-- rls access diff -->"

    /// `{"before": ..., "after": ..., "changes": [{"caller", "change", "action", "object", "rows", "columns", "sentence", "acknowledged"}], "notes": [...]}`.
    public var json: String {
        let document = JSONDocument(
            before: before, after: after, widening: !unacknowledgedWidenings.isEmpty,
            changes: changes.map { change in
                JSONDocument.Change(
                    caller: change.fact.caller, change: change.direction.rawValue, action: change.fact.action,
                    object: change.fact.object, rows: change.rows.sorted().map(\.rawValue), columns: change.columns,
                    sentence: change.sentence, acknowledged: change.acknowledgement)
            },
            notes: notes)
        // The keys in this order, always all of them (`acknowledged` is null when there is none).
        return (try! OrderedJSONEncoder.value(document)).text() + "\n"
    }

    /// The `--access-format json` document, keys in declaration order.
    private struct JSONDocument: Encodable {
        struct Change: Encodable {
            let caller: String
            let change: String
            let action: String
            let object: String
            let rows: [String]
            let columns: [String]
            let sentence: String
            let acknowledged: String?
        }
        let before: String
        let after: String
        let widening: Bool
        let changes: [Change]
        let notes: [String]
    }

    private static func code(_ text: String) -> String { "`" + text.replacingOccurrences(of: "`", with: "'") + "`" }
}

extension String {
    fileprivate var markdownEscaped: String {
        var result = ""
        for character in self {
            if "\\`*_[]<>|#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    fileprivate var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
