import RLSDatabase

extension Console {
    /// This console with every write scrubbed by structure (``SecretRedaction/scrub(_:secrets:pairs:)``):
    /// connection strings anywhere in a line, and on standard error `password=` pairs, so no message,
    /// usage errors included, shows a password wherever on the command line it was given.
    ///
    /// Passwords are not searched for as plain words here: a local password such as `postgres` would
    /// turn every "postgres" into `***`, and masking a word reveals the password as surely as showing it.
    func redactingSecrets() -> Console {
        Console(
            // Standard output carries results such as SQL, where `password = …` is a comparison, not a secret.
            writeOutput: { [writeOutput] in writeOutput(SecretRedaction.scrub($0, pairs: false)) },
            writeError: { [writeError] in writeError(SecretRedaction.scrub($0)) },
            isInteractive: isInteractive,
            writeUnredacted: writeUnredacted ?? writeOutput
        )
    }
}

/// An argument as a usage error may quote it: `'plna'`, or a note in its place when it looks like a
/// connection string, which may hold a password in a shape no redaction can be sure of.
func quotedArgument(_ argument: String) -> String {
    argument.contains("://") || argument.contains("=") || argument.contains("@")
        ? "(an argument that looks like a connection string; not shown)" : "'\(argument)'"
}
