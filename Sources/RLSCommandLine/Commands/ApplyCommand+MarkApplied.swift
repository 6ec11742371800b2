import RLSDatabase

extension ApplyCommand {
    /// Records the file `version` of `files` in the history with its checksum; runs none of it.
    static func markApplied(_ version: String, files: [MigrationFile], migrations: String, invocation: Invocation) throws -> ExitCode {
        guard let file = files.first(where: { $0.version == version || $0.fileName == version }) else {
            let known = files.map(\.version).suffix(5).joined(separator: ", ")
            throw UsageError(
                """
                no migration file has version \(version) in \(migrations)/\
                \(known.isEmpty ? " (it holds none)" : "; the latest are \(known)"). \
                Give the 14-digit timestamp that starts the file's name.
                """)
        }
        return try invocation.withDatabase { target, connection in
            switch try connection.markApplied(file) {
            case .recorded:
                invocation.console.output("Recorded \(file.fileName) as applied on \(target), with its checksum. Nothing of it ran.")
            case .alreadyRecorded:
                invocation.console.output("\(file.fileName) is already recorded as applied, with the same checksum. Nothing written.")
            }
            return .success
        }
    }
}
