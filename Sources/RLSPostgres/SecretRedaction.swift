import Foundation

/// Hides passwords by the structure of the text, before anything is parsed, so a string that does not
/// parse (an odd scheme, an unencoded `@` or `/`, a misplaced option) still never shows its password.
///
/// ```swift
/// SecretRedaction.connectionString("POSTGRES://u:p@ss/w@h/db?pass%77ord=x")   // POSTGRES://u:***@h/db?pass%77ord=***
/// SecretRedaction.scrub("role x does not exist", secrets: ["x"])              // unchanged: "x" is not a word there
/// ```
public enum SecretRedaction {
    /// The placeholder every hidden secret becomes.
    public static let mask = "***"

    /// A connection string (URL or `key=value`) with every password-like part replaced by `***`.
    ///
    /// In a URL, everything between `://` and the last `@` is user information (libpq splits at the
    /// first `@`, but a password may hold an unencoded `@`, `/` or `?`, so only the last `@` is safe);
    /// the user name before its first `:` stays visible. Query keys are percent-decoded before they are
    /// judged (`pass%77ord` is `password` to libpq).
    public static func connectionString(_ text: String) -> String {
        urlScheme(of: text) != nil ? url(text) : keywordValue(text)
    }

    /// The scheme when `text` is a URL (`letters://…`), nil for a `key=value` string, whose
    /// password may itself hold `://`.
    public static func urlScheme(of text: String) -> Substring? {
        guard let marker = text.range(of: "://") else { return nil }
        let scheme = text[..<marker.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return nil }
        return scheme
    }

    /// `text` with connection strings, `password=` pairs and the given `secrets` hidden.
    ///
    /// A secret is replaced only where it stands as a whole word (not inside a longer run of letters
    /// and digits): a password `x` leaves "exist" alone, which would otherwise reveal it. With
    /// `pairs` false, `password=` pairs are left alone: SQL on standard output (`where password = …`)
    /// must not change.
    public static func scrub(_ text: String, secrets: [String] = [], pairs: Bool = true) -> String {
        // Foundation's searches below are slow on long text (rls check's probe reports); ASCII text
        // that holds none of what they look for comes back unchanged from them, so skip them.
        if holdsNone(of: ["://"] + secrets.filter { !$0.isEmpty }, caseInsensitively: pairs ? ["password"] : [], in: text) {
            return text
        }
        var result = text
        if result.contains("://") { result = urlsInText(result) }
        if pairs, result.range(of: "password", options: .caseInsensitive) != nil { result = keywordValue(result, inFreeText: true) }
        for secret in secrets.filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            result = replacingWholeWord(secret, in: result)
        }
        return result
    }

    /// The passwords a connection string holds (URL user information, query or `key=value`), decoded,
    /// for scrubbing messages that might echo them. Never throws: used on arbitrary command-line text.
    public static func passwords(in text: String) -> [String] {
        var found: [String] = []
        if urlScheme(of: text) != nil, let schemeEnd = text.range(of: "://") {
            let rest = text[schemeEnd.upperBound...]
            if let lastAt = rest.lastIndex(of: "@") {
                let userInfo = rest[..<lastAt]
                if let colon = userInfo.firstIndex(of: ":") {
                    let raw = String(userInfo[userInfo.index(after: colon)...])
                    found.append(raw)
                    if let decoded = raw.removingPercentEncoding, decoded != raw { found.append(decoded) }
                }
            }
            if let query = rest.firstIndex(of: "?") {
                for pair in rest[rest.index(after: query)...].split(separator: "&") {
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2, isPasswordKey(parts[0].removingPercentEncoding ?? parts[0]) else { continue }
                    found.append(parts[1])
                    if let decoded = parts[1].removingPercentEncoding, decoded != parts[1] { found.append(decoded) }
                }
            }
        } else {
            for pair in KeywordValuePairs(text).pairs where isPasswordKey(pair.key) { found.append(pair.value) }
        }
        return found.filter { !$0.isEmpty }
    }

    /// True for keys that name a secret: `password`, `sslpassword`, `PGPASSWORD`, …
    static func isPasswordKey(_ key: String) -> Bool {
        key.lowercased().contains("pass") && !key.lowercased().hasSuffix("passfile")
    }

    // MARK: URLs

    private static func url(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let scheme = text[..<schemeEnd.upperBound]
        var rest = text[schemeEnd.upperBound...]
        var shownUser = ""
        if let lastAt = rest.lastIndex(of: "@") {
            let userInfo = rest[..<lastAt]
            if let colon = userInfo.firstIndex(of: ":") {
                shownUser = userInfo[..<colon].contains("@") ? mask : String(userInfo[..<colon]) + ":" + mask
            } else {
                shownUser = userInfo.contains("@") ? mask : String(userInfo)
            }
            rest = rest[lastAt...]
        }
        return String(scheme) + shownUser + redactingQuery(String(rest))
    }

    /// Replaces the value of every password-like query parameter (key judged after percent-decoding).
    private static func redactingQuery(_ text: String) -> String {
        guard let query = text.firstIndex(of: "?") else { return text }
        let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let key = String(pair[..<equals])
            return isPasswordKey(key.removingPercentEncoding ?? key) ? key + "=" + mask : String(pair)
        }
        return String(text[...query]) + parameters.joined(separator: "&")
    }

    /// Every `scheme://…` run of non-space characters in free text, redacted as a URL.
    private static func urlsInText(_ text: String) -> String {
        var result = ""
        var remaining = Substring(text)
        while let marker = remaining.range(of: "://") {
            var start = marker.lowerBound
            while start > remaining.startIndex {
                let previous = remaining.index(before: start)
                let character = remaining[previous]
                guard character.isLetter || character.isNumber || "+.-".contains(character) else { break }
                start = previous
            }
            let end = remaining[marker.upperBound...].firstIndex(where: \.isWhitespace) ?? remaining.endIndex
            result += remaining[..<start]
            result += url(String(remaining[start..<end]))
            remaining = remaining[end...]
        }
        return result + remaining
    }

    // MARK: key=value

    /// In a connection string any key naming a password is hidden; in free text only libpq's own
    /// keys (`password`, `sslpassword`, `PGPASSWORD`), so `encrypted_password = …` in a message stays.
    private static func keywordValue(_ text: String, inFreeText: Bool = false) -> String {
        var shown = text
        let libpqKeys: Set<String> = ["password", "sslpassword", "pgpassword"]
        func hides(_ key: String) -> Bool {
            // A key holding `://` is the start of a URL's query, already judged parameter by parameter.
            guard !key.contains("://") else { return false }
            let bare = String(key.drop { !$0.isLetter }).lowercased()
            return inFreeText ? libpqKeys.contains(bare) : isPasswordKey(key)
        }
        for pair in KeywordValuePairs(text).pairs.reversed() where hides(pair.key) {
            shown.replaceSubrange(pair.range, with: mask)
        }
        return shown
    }

    // MARK: Whole words

    /// True when `text` and every pattern are ASCII and `text` holds none of `patterns`, nor any of
    /// `ignoringCase` in any ASCII case. On ASCII text Foundation's search finds exactly these bytes
    /// (no combining marks, no case folding beyond ASCII); anything else answers false.
    package static func holdsNone(of patterns: [String], caseInsensitively ignoringCase: [String], in text: String) -> Bool {
        let all = patterns + ignoringCase
        guard all.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return false }
        let answer = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            return !patterns.contains { holds($0, in: bytes, foldingCase: false) }
                && !ignoringCase.contains { holds($0, in: bytes, foldingCase: true) }
        }
        return answer ?? false
    }

    /// Whether ASCII `bytes` hold the ASCII `pattern`, in any ASCII case when `foldingCase`: only
    /// the places where the first byte matches (found by `memchr`, in both cases when folding) are
    /// compared whole, as a check's probe reports are long.
    private static func holds(_ pattern: String, in bytes: UnsafeBufferPointer<UInt8>, foldingCase: Bool) -> Bool {
        let lower = { (byte: UInt8) in byte >= 65 && byte <= 90 ? byte | 0x20 : byte }
        let needle = Array(pattern.utf8).map { foldingCase ? lower($0) : $0 }
        guard let first = needle.first, needle.count <= bytes.count, let base = bytes.baseAddress else { return false }
        let firsts = foldingCase && first >= 97 && first <= 122 ? [first, first - 32] : [first]
        for candidate in firsts {
            var from = 0
            while from <= bytes.count - needle.count,
                let found = memchr(base + from, Int32(candidate), bytes.count - needle.count - from + 1)
            {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if (1..<needle.count).allSatisfy({ (foldingCase ? lower(bytes[start + $0]) : bytes[start + $0]) == needle[$0] }) {
                    return true
                }
                from = start + 1
            }
        }
        return false
    }

    private static func replacingWholeWord(_ secret: String, in text: String) -> String {
        var result = ""
        var remaining = Substring(text)
        while let found = remaining.range(of: secret) {
            let before = found.lowerBound > remaining.startIndex ? remaining[remaining.index(before: found.lowerBound)] : nil
            let after = found.upperBound < remaining.endIndex ? remaining[found.upperBound] : nil
            let partOfWord = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            let startsInWord = partOfWord(before) && partOfWord(secret.first)
            let endsInWord = partOfWord(after) && partOfWord(secret.last)
            if startsInWord || endsInWord {
                result += remaining[..<found.upperBound]
            } else {
                result += remaining[..<found.lowerBound] + mask
            }
            remaining = remaining[found.upperBound...]
        }
        return result + remaining
    }
}

/// The `key = value` pairs of a libpq connection string (values may be single-quoted with `\` escapes),
/// with where each value stands in the text. Text that is not a pair ends the list; nothing throws.
struct KeywordValuePairs {
    struct Pair {
        var key: String
        var value: String
        var range: Range<String.Index>
    }

    private(set) var pairs: [Pair] = []
    /// False when some word was not a `key=value` pair or a quote was left open: libpq would refuse the
    /// string and quote the offending word, which may be the password itself.
    private(set) var isWellFormed = true

    init(_ text: String) {
        var index = text.startIndex
        func skipSpaces() { while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) } }
        while index < text.endIndex {
            skipSpaces()
            guard index < text.endIndex else { break }
            var key = ""
            while index < text.endIndex, text[index] != "=", !text[index].isWhitespace {
                key.append(text[index])
                index = text.index(after: index)
            }
            skipSpaces()
            // Free text (an error message) may hold words that are not pairs; keep looking for the next `=`.
            guard index < text.endIndex, text[index] == "=", !key.isEmpty else {
                isWellFormed = false
                if index < text.endIndex, text[index] == "=" { index = text.index(after: index) }
                continue
            }
            index = text.index(after: index)
            skipSpaces()
            let valueStart = index
            var value = ""
            let quoted = index < text.endIndex && text[index] == "'"
            if quoted { index = text.index(after: index) }
            while index < text.endIndex, quoted ? text[index] != "'" : !text[index].isWhitespace {
                if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
                value.append(text[index])
                index = text.index(after: index)
            }
            if quoted {
                if index < text.endIndex { index = text.index(after: index) } else { isWellFormed = false }
            }
            pairs.append(Pair(key: key, value: value, range: valueStart..<index))
        }
    }
}
