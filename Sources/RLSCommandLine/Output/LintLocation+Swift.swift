import Foundation
import RLSCatalog
import RLSModel

extension LintLocation {
    /// The Swift declaration of the finding's object in the compiled-in schema (a table, one of its
    /// policies, a view or a function, as the DSL captured `#fileID` and `#line`); nil when the
    /// schema does not declare it. The file is `Module/File.swift` under the project (or `Sources/`)
    /// when it is there, else the `#fileID` itself.
    static func find(_ finding: LintFinding, in schema: Schema, directory: String) -> LintLocation? {
        let parts = finding.object.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let rest = parts[1].prefix { $0 != "(" }
        let name = String(rest.prefix { $0 != "." })
        let remainder = rest.dropFirst(name.count + 1)
        var source: DeclarationSite?
        if let table = schema.tables.first(where: { $0.schema == parts[0] && $0.name == name }) {
            source = table.policies.first { !remainder.isEmpty && $0.name == String(remainder) }?.source ?? table.source
        } else if let view = schema.views.first(where: { $0.schema == parts[0] && $0.name == name }) {
            source = view.source
        } else if let function = schema.functions.first(where: { $0.schema == parts[0] && $0.name == name }) {
            source = function.source
        }
        guard let source else { return nil }
        let candidates = [source.fileID, "Sources/" + source.fileID]
        let file = candidates.first { FileManager.default.fileExists(atPath: directory + "/" + $0) } ?? source.fileID
        return LintLocation(file: file, line: source.line)
    }
}
