// The one place identifiers and literals are quoted. Every other layer calls these.

/// Quotes an identifier, always, doubling embedded double quotes.
///
/// ```swift
/// quoteIdentifier("saved")        // "saved"
/// quoteIdentifier("Brand \"X\"")  // "Brand ""X"""
/// ```
public func quoteIdentifier(_ name: String) -> String {
    // `"` is ASCII, so no byte of another character's UTF-8 equals it.
    if !name.utf8.contains(UInt8(ascii: "\"")) { return "\"" + name + "\"" }
    // Scalars, not Characters: a quote followed by a combining mark is one Character
    // but still a quote to Postgres.
    var result = String.UnicodeScalarView()
    result.append("\"")
    for scalar in name.unicodeScalars {
        result.append(scalar)
        if scalar == "\"" { result.append(scalar) }
    }
    result.append("\"")
    return String(result)
}

/// Quotes a string literal: `'...'` with embedded `'` doubled; when the value holds
/// a backslash, the `E'...'` form with backslashes doubled, so the result means the
/// same whatever `standard_conforming_strings` is.
///
/// ```swift
/// quoteLiteral("it's")     // 'it''s'
/// quoteLiteral("a\\b")     // E'a\\b'
/// ```
public func quoteLiteral(_ value: String) -> String {
    if !value.utf8.contains(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\") }) { return "'" + value + "'" }
    let escapesBackslashes = value.unicodeScalars.contains("\\")
    var result = String.UnicodeScalarView()
    if escapesBackslashes { result.append("E") }
    result.append("'")
    for scalar in value.unicodeScalars {
        result.append(scalar)
        if scalar == "'" || (escapesBackslashes && scalar == "\\") { result.append(scalar) }
    }
    result.append("'")
    return String(result)
}

/// A schema-qualified name, both parts quoted: `"schema"."name"`.
public func qualifiedName(schema: String, name: String) -> String {
    quoteIdentifier(schema) + "." + quoteIdentifier(name)
}
