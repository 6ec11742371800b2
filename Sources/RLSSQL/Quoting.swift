/// Quotes an SQL identifier: always wraps it in double quotes and doubles any embedded `"`.
///
///     quoteIdentifier("user")      // "user"
///     quoteIdentifier("a\"b")      // "a""b"
public func quoteIdentifier(_ name: String) -> String {
    var quoted = "\""
    for character in name {
        if character == "\"" { quoted.append("\"") }
        quoted.append(character)
    }
    return quoted + "\""
}

/// Quotes an SQL string literal: wraps it in single quotes and doubles any embedded `'`;
/// uses the `E''` form (with doubled backslashes) when the value contains a backslash.
///
///     quoteLiteral("it's")   // 'it''s'
///     quoteLiteral("a\\b")   // E'a\\b'
public func quoteLiteral(_ value: String) -> String {
    let escaped = value.contains("\\")
    var quoted = escaped ? "E'" : "'"
    for character in value {
        if character == "'" { quoted.append("'") }
        if escaped, character == "\\" { quoted.append("\\") }
        quoted.append(character)
    }
    return quoted + "'"
}

/// A schema-qualified name, each part quoted: `"schema"."name"`.
public func qualifiedName(schema: String, name: String) -> String {
    quoteIdentifier(schema) + "." + quoteIdentifier(name)
}
