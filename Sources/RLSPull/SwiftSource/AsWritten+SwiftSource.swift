import RLSModel

extension AsWritten {
    /// `AsWritten(.domain, "app.email", sql: "CREATE DOMAIN ...")`, the SQL as the database gives it back.
    func swiftSource(indent: String) -> String {
        let kind =
            switch self.kind {
            case .domain: ".domain"
            case .compositeType: ".compositeType"
            case .rangeType: ".rangeType"
            case .aggregate: ".aggregate"
            case .sequence: ".sequence"
            }
        let arguments = self.arguments.map { ", arguments: \(SwiftLiteral.string($0))" } ?? ""
        return "AsWritten(\(kind), \(name.swiftSource)\(arguments), sql: \(SwiftLiteral.text(sql, indent: indent)))"
    }
}
