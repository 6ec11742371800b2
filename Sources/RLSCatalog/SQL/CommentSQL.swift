import RLSSQL

/// `COMMENT ON <target> IS '…';`, or `IS NULL` to remove the comment.
func commentSQL(on target: String, _ comment: String?) -> String {
    "COMMENT ON \(target) IS \(comment.map(quoteLiteral) ?? "NULL");"
}

/// The statement without its trailing semicolon and surrounding whitespace.
func trimmedStatement(_ text: String) -> String {
    var result = Substring(text)
    while let last = result.last, last == ";" || last.isWhitespace { result.removeLast() }
    while let first = result.first, first.isWhitespace { result.removeFirst() }
    return String(result)
}
