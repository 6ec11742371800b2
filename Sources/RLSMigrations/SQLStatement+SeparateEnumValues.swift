import RLSPostgres

extension SQLStatement {
    /// Splits a script into its `ALTER TYPE … ADD VALUE` statements and everything else, for
    /// `rls diff`, which writes the enum values into a migration file of their own: tools that run
    /// each file in one transaction (the Supabase CLI) cannot use a new value in the file that adds
    /// it (55P04). Both parts keep their statements' text and order; `enumValues` is empty when the
    /// script adds none.
    ///
    /// ```swift
    /// SQLStatement.separatingEnumValues("ALTER TYPE mood ADD VALUE 'calm';\nCREATE POLICY …;")
    /// // (enumValues: "ALTER TYPE mood ADD VALUE 'calm';\n", rest: "CREATE POLICY …;")
    /// ```
    public static func separatingEnumValues(_ script: String) -> (enumValues: String, rest: String) {
        let scalars = Array(script.unicodeScalars)
        var enumValues = ""
        var rest = String.UnicodeScalarView()
        var copied = 0
        for statement in split(script) where statement.enumValueType != nil {
            var end = statement.offset + statement.length
            // The statement's `;` and the line break after it go with it.
            if end < scalars.count, scalars[end] == ";" { end += 1 }
            if end < scalars.count, scalars[end] == "\n" { end += 1 }
            rest.append(contentsOf: scalars[copied..<statement.offset])
            enumValues += String(String.UnicodeScalarView(scalars[statement.offset..<end]))
            copied = end
        }
        guard !enumValues.isEmpty else { return ("", script) }
        rest.append(contentsOf: scalars[copied...])
        if !enumValues.hasSuffix("\n") { enumValues += "\n" }
        return (enumValues, String(rest))
    }
}
