#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: standard output for results, standard error for diagnostics.
///
/// Commands never call `print` directly, so tests can capture exactly what a user would see.
struct Console: Sendable {
    let writeOutput: @Sendable (String) -> Void
    let writeError: @Sendable (String) -> Void
    /// Whether standard input and output are a terminal (prompts are only shown on one).
    let isInteractive: Bool
    /// Standard output without the password scrubbing of ``redacting(arguments:environment:)``, for the
    /// one line a user asks to see a password in (`rls dev url --show-password`); nil: ``writeOutput``.
    var writeUnredacted: (@Sendable (String) -> Void)? = nil

    func output(_ line: String = "") { writeOutput(line + "\n") }

    func error(_ line: String) { writeError(line + "\n") }

    /// Writes a line that deliberately holds a secret the user asked for.
    func outputUnredacted(_ line: String) { (writeUnredacted ?? writeOutput)(line + "\n") }

    /// The process's real standard streams.
    static let standard = Console(
        writeOutput: { writeAll($0, to: 1) },
        writeError: { writeAll($0, to: 2) },
        isInteractive: isatty(0) == 1 && isatty(1) == 1
    )
}

/// Writes every byte of `text` to a file descriptor, unbuffered, so output and errors interleave as they happen.
private func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    // The string's own UTF-8 storage, not a copy of it: a dry run prints a migration file whole.
    text.withUTF8 { buffer in
        var bytes = UnsafeRawBufferPointer(buffer)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
