/// Parses `--opt value`, `--opt=value`, `-h`, operands and `--` into a typed options struct, by the
/// declarations in ``Argument``.
///
/// Kept deliberately small: the project takes no package dependencies, and the grammar above is all
/// `rls` needs.
struct ArgumentParser<Options> {
    let arguments: [Argument<Options>]

    /// What the declarations did not account for, left for the caller to report after `--help`.
    struct Leftovers {
        /// Operands beyond the declared ones.
        var unexpected: [String] = []
        /// Required operands that were not given, in order.
        var missing: [Argument<Options>] = []
    }

    private var options: [Argument<Options>] { arguments.filter { !$0.spec.isPositional } }
    private var positionals: [Argument<Options>] { arguments.filter(\.spec.isPositional) }

    /// Stores every argument into `result`; the last occurrence of an option wins.
    func parse(_ tokens: [String], into result: inout Options) throws(UsageError) -> Leftovers {
        var operands: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--" {
                operands += tokens[index...]
                break
            }
            if token.hasPrefix("--") {
                let body = token.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                let argument = try lookup(long: name)
                try store(argument, inlineValue: inlineValue, tokens: tokens, index: &index, into: &result)
            } else if token.hasPrefix("-"), token.count > 1, !token.dropFirst().allSatisfy(\.isNumber) {
                let letters = Array(token.dropFirst())
                guard letters.count == 1 else {
                    throw UsageError("unknown option '\(token)'; long options take two dashes, as in '-\(token)'")
                }
                let argument = try lookup(short: letters[0])
                try store(argument, inlineValue: nil, tokens: tokens, index: &index, into: &result)
            } else {
                operands.append(token)
            }
        }
        var leftovers = Leftovers()
        for (position, argument) in positionals.enumerated() {
            if position < operands.count {
                try argument.assign(&result, operands[position])
            } else if argument.missing != nil {
                leftovers.missing.append(argument)
            }
        }
        leftovers.unexpected = Array(operands.dropFirst(positionals.count))
        return leftovers
    }

    private func store(
        _ argument: Argument<Options>, inlineValue: String?, tokens: [String], index: inout Int, into result: inout Options
    ) throws(UsageError) {
        let name = argument.spec.name
        switch argument.spec.kind {
        case .flag, .positional:
            if inlineValue != nil { throw UsageError("option '--\(name)' takes no value") }
            try argument.assign(&result, nil)
        case .optionalValue:
            // `--from-database URL`, `--from-database=URL` or `--from-database` alone.
            let next = index < tokens.count ? tokens[index] : nil
            let nextIsValue = next.map { $0.allSatisfy(\.isWhitespace) || $0.contains("://") || $0.contains("=") } ?? false
            let value = inlineValue ?? (nextIsValue ? next : nil)
            if inlineValue == nil, nextIsValue { index += 1 }
            // An unset CI secret expands to "": a mistake, never "no value".
            if let value, value.allSatisfy(\.isWhitespace) {
                throw UsageError(
                    "--\(name) is empty. Give the database's URL (--\(name) postgres://user:password@host:5432/db), "
                        + "or no value to use --database-url or DATABASE_URL")
            }
            try argument.assign(&result, value)
        case .value(let valueName):
            if let inlineValue {
                try argument.assign(&result, inlineValue)
                return
            }
            // `--database-url --exit-code` is a forgotten value, not a URL named `--exit-code`.
            guard index < tokens.count, !isOption(tokens[index]) else {
                throw UsageError("option '--\(name)' needs a value: --\(name) \(valueName)")
            }
            try argument.assign(&result, tokens[index])
            index += 1
        }
    }

    private func isOption(_ token: String) -> Bool {
        if token == "--" { return true }
        if token.hasPrefix("--") { return options.contains { $0.spec.name == token.dropFirst(2).prefix { $0 != "=" } } }
        return token.count == 2 && token.hasPrefix("-") && options.contains { $0.spec.short == token.last }
    }

    private func lookup(long name: String) throws(UsageError) -> Argument<Options> {
        if let argument = options.first(where: { $0.spec.name == name }) { return argument }
        let suggestion = closest(to: name, among: options.map(\.spec.name)).map { "; did you mean '--\($0)'?" } ?? ""
        throw UsageError("unknown option '--\(name)'\(suggestion)")
    }

    private func lookup(short letter: Character) throws(UsageError) -> Argument<Options> {
        if let argument = options.first(where: { $0.spec.short == letter }) { return argument }
        throw UsageError("unknown option '-\(letter)'")
    }
}
