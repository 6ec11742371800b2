/// One argument of a command, declared once: its name and help (an ``ArgumentSpec``) and where its
/// value goes in the command's options struct.
///
/// ```swift
/// struct ApplyArguments: CommandOptions {
///     var dryRun = false
///     var lockTimeout: Duration?
///     static let arguments: [Argument<Self>] = [
///         .flag("dry-run", \.dryRun, help: "Write nothing."),
///         .value("lock-timeout", \.lockTimeout, help: "How long to wait for a lock."),
///     ]
/// }
/// ```
struct Argument<Options>: Sendable {
    let spec: ArgumentSpec
    /// For a required operand: what to say when it is missing, given the program's name (`rls`).
    var missing: (@Sendable (String) -> String)? = nil
    /// Stores the value (nil for a flag, or an optional value left out), converting and checking it.
    let assign: @Sendable (inout Options, String?) throws(UsageError) -> Void

    /// `--name`: sets a Boolean.
    static func flag(
        _ name: String, short: Character? = nil, _ path: WritableKeyPath<Options, Bool> & Sendable, help: String
    ) -> Self {
        Argument(spec: ArgumentSpec(name: name, short: short, kind: .flag, help: help)) { options, _ in
            options[keyPath: path] = true
        }
    }

    /// `--name VALUE` into an optional field: nil when not given. The value is converted by `Value`;
    /// the placeholder is `Value`'s own (`DURATION`, `text|json`).
    static func value<Value: ArgumentValue>(
        _ name: String, short: Character? = nil, _ path: WritableKeyPath<Options, Value?> & Sendable, help: String
    ) -> Self {
        value(name, Value.placeholder, short: short, path, help: help)
    }

    /// `--name VALUE` into an optional field, with the placeholder `valueName` (`FILE`).
    static func value<Value: ArgumentValue>(
        _ name: String, _ valueName: String, short: Character? = nil,
        _ path: WritableKeyPath<Options, Value?> & Sendable, help: String
    ) -> Self {
        Argument(spec: ArgumentSpec(name: name, short: short, kind: .value(valueName), help: help)) {
            options, text throws(UsageError) in
            options[keyPath: path] = try Value(argument: text ?? "", option: "--\(name)")
        }
    }

    /// `--name VALUE` into a field with a default, with `Value`'s own placeholder.
    static func value<Value: ArgumentValue>(
        _ name: String, short: Character? = nil, _ path: WritableKeyPath<Options, Value> & Sendable, help: String
    ) -> Self {
        value(name, Value.placeholder, short: short, path, help: help)
    }

    /// `--name VALUE` into a field with a default, with the placeholder `valueName` (`DIR`).
    static func value<Value: ArgumentValue>(
        _ name: String, _ valueName: String, short: Character? = nil,
        _ path: WritableKeyPath<Options, Value> & Sendable, help: String
    ) -> Self {
        Argument(spec: ArgumentSpec(name: name, short: short, kind: .value(valueName), help: help)) {
            options, text throws(UsageError) in
            options[keyPath: path] = try Value(argument: text ?? "", option: "--\(name)")
        }
    }

    /// `--name VALUE`, repeatable: each value is added to the list (`--data a --data b`).
    static func repeated(
        _ name: String, _ valueName: String, _ path: WritableKeyPath<Options, [String]> & Sendable, help: String
    ) -> Self {
        Argument(spec: ArgumentSpec(name: name, short: nil, kind: .value(valueName), help: help)) { options, text in
            options[keyPath: path].append(text ?? "")
        }
    }

    /// `--name [VALUE]`: the value may be left out; see ``ArgumentParser`` for when the next argument is taken as it.
    static func optionalValue(
        _ name: String, _ valueName: String, _ path: WritableKeyPath<Options, OptionalValue?> & Sendable, help: String
    ) -> Self {
        Argument(spec: ArgumentSpec(name: name, kind: .optionalValue(valueName), help: help)) { options, text in
            options[keyPath: path] = text.map(OptionalValue.given) ?? .leftOut
        }
    }

    /// A required operand (`NAME`); `missing` says what to do without it, given the program's name.
    static func positional(
        _ placeholder: String, _ path: WritableKeyPath<Options, String> & Sendable, help: String,
        missing: @escaping @Sendable (String) -> String
    ) -> Self {
        Argument(spec: ArgumentSpec(name: placeholder, kind: .positional(required: true), help: help), missing: missing) {
            options, text in
            options[keyPath: path] = text ?? ""
        }
    }

    /// An optional operand (`[NAME]`), or a required one when `missing` says what to do without it.
    static func positional(
        _ placeholder: String, _ path: WritableKeyPath<Options, String?> & Sendable, help: String,
        missing: (@Sendable (String) -> String)? = nil
    ) -> Self {
        Argument(spec: ArgumentSpec(name: placeholder, kind: .positional(required: missing != nil), help: help), missing: missing) {
            options, text in
            options[keyPath: path] = text
        }
    }

    /// The same argument, storing into the part `path` of a larger options struct.
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Options> & Sendable) -> Argument<Outer> {
        let assign = self.assign
        return Argument<Outer>(spec: spec, missing: missing) { outer, text throws(UsageError) in
            try assign(&outer[keyPath: path], text)
        }
    }
}

/// The value of an option whose value may be left out (`--from-database` or `--from-database URL`).
enum OptionalValue: Sendable, Equatable {
    case leftOut
    case given(String)

    /// The value, when one was given.
    var value: String? {
        if case .given(let value) = self { return value }
        return nil
    }
}

extension CommandOptions {
    /// These options as part of a larger options struct, stored at `path` (`\Self.migrations`).
    static func arguments<Outer>(in path: WritableKeyPath<Outer, Self> & Sendable) -> [Argument<Outer>] {
        arguments.map { $0.lifted(path) }
    }
}
