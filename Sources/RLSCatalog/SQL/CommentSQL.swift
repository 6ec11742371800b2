import RLSSQL

/// `COMMENT ON <target> IS '…';`, or `IS NULL` to remove the comment.
func commentSQL(on target: String, _ comment: String?) -> String {
    "COMMENT ON \(target) IS \(comment.map(quoteLiteral) ?? "NULL");"
}
