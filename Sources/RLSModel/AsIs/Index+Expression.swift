extension Index {
    /// An index on expressions (or with operator classes, orderings), spliced as written:
    ///
    /// ```swift
    /// Index(expression: SQL(raw: "lower(name)"), unique: true, name: "team_name_live")
    /// // create unique index "team_name_live" on "public"."team" (lower(name));
    /// ```
    public init(
        expression: SQL, unique: Bool = false, name: String, using method: String? = nil, where predicate: SQL? = nil,
        fileID: String = #fileID, line: Int = #line
    ) {
        self.init(
            [], unique: unique, name: name, using: method, where: predicate,
            source: DeclarationSite(fileID: fileID, line: line))
        self.expression = expression
    }
}
