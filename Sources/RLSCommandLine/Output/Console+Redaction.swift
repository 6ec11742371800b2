import RLSDatabase

extension Console {
    /// This console with every write scrubbed of connection strings, `password=` pairs and the
    /// passwords found in `arguments` and `environment` (`DATABASE_URL`, `PGPASSWORD`), so no message,
    /// usage error included, shows a password wherever on the command line it was given.
    func redacting(arguments: [String], environment: [String: String]) -> Console {
        var secrets: [String] = []
        for argument in arguments {
            // `--database-url=postgres://…` holds its value after the first `=`.
            let value = argument.hasPrefix("-") ? argument.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? "" : argument
            secrets += SecretRedaction.passwords(in: value)
        }
        secrets += SecretRedaction.passwords(in: environment["DATABASE_URL"] ?? "")
        if let password = environment["PGPASSWORD"], !password.isEmpty { secrets.append(password) }
        let scrub: @Sendable (String) -> String = { [secrets] in SecretRedaction.scrub($0, secrets: secrets) }
        return Console(
            writeOutput: { [writeOutput] in writeOutput(scrub($0)) },
            writeError: { [writeError] in writeError(scrub($0)) },
            isInteractive: isInteractive,
            writeUnredacted: writeUnredacted ?? writeOutput
        )
    }
}
