/// Parses `--opt value`, `--opt=value`, `-h`, bundled operands and `--` against a list of ``OptionSpec``.
///
/// Kept deliberately small: the project takes no package dependencies, and the grammar above is all
/// `rls` needs.
struct ArgumentParser {
    let options: [OptionSpec]

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                let spec = try lookup(long: name)
                try store(spec, inlineValue: inlineValue, arguments: arguments, index: &index, into: &parsed)
            } else if argument.hasPrefix("-"), argument.count > 1, !argument.dropFirst().allSatisfy(\.isNumber) {
                let letters = Array(argument.dropFirst())
                guard letters.count == 1 else {
                    throw UsageError("unknown option '\(argument)'; long options take two dashes, as in '-\(argument)'")
                }
                let spec = try lookup(short: letters[0])
                try store(spec, inlineValue: nil, arguments: arguments, index: &index, into: &parsed)
            } else {
                parsed.positionals.append(argument)
            }
        }
        return parsed
    }

    private func store(
        _ spec: OptionSpec, inlineValue: String?, arguments: [String], index: inout Int,
        into parsed: inout ParsedArguments
    ) throws(UsageError) {
        guard spec.takesValue else {
            if inlineValue != nil { throw UsageError("option '--\(spec.name)' takes no value") }
            parsed.values[spec.name] = ""
            return
        }
        if spec.valueIsOptional {
            // `--from-database URL`, `--from-database=URL` or `--from-database` alone (stored as "").
            let next = index < arguments.count ? arguments[index] : nil
            let nextIsValue = next.map { $0.allSatisfy(\.isWhitespace) || $0.contains("://") || $0.contains("=") } ?? false
            let value = inlineValue ?? (nextIsValue ? next : nil)
            if inlineValue == nil, nextIsValue { index += 1 }
            // An unset CI secret expands to "": a mistake, never "no value".
            if let value, value.allSatisfy(\.isWhitespace) {
                throw UsageError("--\(spec.name) is empty. Give the database's URL (--\(spec.name) postgres://user:password@host:5432/db), "
                    + "or no value to use --database-url or DATABASE_URL")
            }
            parsed.values[spec.name] = value ?? ""
            return
        }
        if let inlineValue {
            parsed.values[spec.name] = inlineValue
            return
        }
        // `--database-url --exit-code` is a forgotten value, not a URL named `--exit-code`.
        guard index < arguments.count, !isOption(arguments[index]) else {
            throw UsageError("option '--\(spec.name)' needs a value: --\(spec.name) \(spec.valueName ?? "VALUE")")
        }
        parsed.values[spec.name] = arguments[index]
        index += 1
    }

    private func isOption(_ argument: String) -> Bool {
        if argument == "--" { return true }
        if argument.hasPrefix("--") { return options.contains { $0.name == argument.dropFirst(2).prefix { $0 != "=" } } }
        return argument.count == 2 && argument.hasPrefix("-") && options.contains { $0.short == argument.last }
    }

    private func lookup(long name: String) throws(UsageError) -> OptionSpec {
        if let spec = options.first(where: { $0.name == name }) { return spec }
        let suggestion = closest(to: name, among: options.map(\.name)).map { "; did you mean '--\($0)'?" } ?? ""
        throw UsageError("unknown option '--\(name)'\(suggestion)")
    }

    private func lookup(short letter: Character) throws(UsageError) -> OptionSpec {
        if let spec = options.first(where: { $0.short == letter }) { return spec }
        throw UsageError("unknown option '-\(letter)'")
    }
}
