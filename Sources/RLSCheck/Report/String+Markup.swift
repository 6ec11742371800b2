extension String {
    /// Safe as XML or HTML text and attribute values: `&`, `<`, `>`, `"` and `'` escaped.
    ///
    /// The one escaping routine for every markup `rls` writes (JUnit XML, the HTML access page).
    /// `'` becomes `&#39;`, which both XML and HTML read.
    public var markupEscaped: String {
        var result = ""
        for character in self {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
