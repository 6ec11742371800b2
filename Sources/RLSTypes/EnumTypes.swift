import RLSModel

/// An enum type as a `String`-backed Swift enum with every label:
/// `listing_status` → `enum ListingStatus: String { case available; case sold }`.
struct EnumTypes {
    let type: EnumType
    let names: TypeNames
    let access: String

    var lines: [String] {
        var out = ["// MARK: - \(type.qualifiedName.description.filter { SwiftText.isPrintable($0.unicodeScalars.first!) })", ""]
        var doc = type.comment.map { [$0, ""] } ?? []
        doc.append("The enum type `\(type.qualifiedName)`, one case per label in the database's order.")
        out += SwiftText.docLines(doc.joined(separator: "\n"), indent: "")
        out.append("\(access)enum \(names[type.qualifiedName]!): String, Codable, Hashable, Sendable, CaseIterable {")
        var scope = NameScope()
        for label in type.values {
            let name = scope.claim(SwiftIdentifier.member(label))
            out.append(SwiftIdentifier.bare(name) == label ? "    case \(name)" : "    case \(name) = \(label.swiftStringLiteral)")
        }
        out.append("}")
        return out
    }
}
