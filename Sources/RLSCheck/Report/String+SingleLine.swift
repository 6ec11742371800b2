extension String {
    /// The text on one line: every run of whitespace (newlines included) becomes one space.
    var singleLine: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The string without trailing spaces.
    var trailingSpacesRemoved: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
