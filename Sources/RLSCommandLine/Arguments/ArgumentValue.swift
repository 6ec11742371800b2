import RLSDatabase

/// A type an option's value is converted to, with the error a user reads when it does not convert.
protocol ArgumentValue: Sendable {
    /// The placeholder in help and usage when the declaration names none (`DURATION`, `text|json`).
    static var placeholder: String { get }
    /// Converts the text given for `option` (`--lock-timeout`), or says what would have been right.
    init(argument: String, option: String) throws(UsageError)
}

extension String: ArgumentValue {
    static var placeholder: String { "VALUE" }
    init(argument: String, option: String) { self = argument }
}

extension Duration: ArgumentValue {
    static var placeholder: String { "DURATION" }

    /// A positive duration such as `5s`, `250ms` or `2min`; a bare number is seconds.
    init(argument: String, option: String) throws(UsageError) {
        guard let duration = ApplyOptions.duration(from: argument) else {
            throw UsageError("\(option) takes a duration from 1ms to 24 days, such as 5s, 250ms or 2min, not '\(argument.prefix(40))'")
        }
        self = duration
    }
}

/// A value from a fixed list, such as `--format text|json`: the placeholder lists the choices, and an
/// unknown one is refused with the list.
protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable<String> {
    /// What a value is called in the error: `unknown format 'xml'`.
    static var noun: String { get }
}

extension ArgumentChoice {
    static var noun: String { "format" }

    static var placeholder: String { allCases.map(\.rawValue).joined(separator: "|") }

    init(argument: String, option: String) throws(UsageError) {
        guard let value = Self(rawValue: argument) else {
            throw UsageError("unknown \(Self.noun) '\(argument)'; use one of: \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = value
    }
}
