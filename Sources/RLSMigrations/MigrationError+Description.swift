import Foundation
import RLSPostgres

extension MigrationError: CustomStringConvertible {
    /// What happened, then what to do next, in a few lines.
    public var description: String {
        switch self {
        case .directoryMissing(let path):
            return "No migrations folder at \(path).\n"
                + "Create it, pass --migrations DIR for another folder, or run `rls diff NAME` to write the first migration."
        case .unreadable(let path, let reason):
            return "Could not use \(path): \(reason).\nCheck that it exists and that you may read and write it."
        case .badFileName(let fileName, let directory):
            let place = directory.isEmpty ? "" : " in \(directory.escapedForDisplay)"
            return "Migration file \(fileName.escapedForDisplay)\(place) is not named YYYYMMDDHHMMSS_name.sql "
                + "(a 14-digit UTC timestamp, an underscore, a name).\n"
                + "Rename it, for example to \(MigrationError.suggestedName(for: fileName).escapedForDisplay), "
                + "or move it out of the folder if it is not a migration."
        case .duplicateVersion(let version, let fileNames):
            return "Migration files \(fileNames.joined(separator: " and ")) share the version \(version).\n"
                + "Give one of them a later timestamp (each version is applied once)."
        case .invalidName(let name):
            return "Cannot make a migration file name from \"\(name)\": it has no letters or digits.\n"
                + "Use a short name such as add_saved_listings."
        case .fileExists(let path):
            return "A migration with this timestamp already exists: \(path).\nWait a second and run the command again."
        case .transactionControl(let fileName, let line, let statement):
            return
                "\(fileName.escapedForDisplay):\(line): `\(statement.firstLineForDisplay)` controls the transaction, but rls applies all pending files "
                + "in one transaction of its own.\nRemove BEGIN/COMMIT from the file; it stays all-or-nothing."
        case .refusedStatement(let fileName, let line, let statement, let reason):
            return "\(fileName.escapedForDisplay):\(line): `\(statement.firstLineForDisplay)` \(reason) Nothing was applied."
        case .notText(let path, let offset, let reason):
            return "\(path.escapedForDisplay) is not a text file: \(reason) at byte \(offset).\n"
                + "Save it as UTF-8 text (without NUL bytes or a byte-order mark in the middle). Nothing was applied."
        case .outOfOrder(let fileNames, let newest):
            let names = fileNames.map { "  \($0.escapedForDisplay)" }.joined(separator: "\n")
            return "Pending migration\(fileNames.count == 1 ? " is" : "s are") older than the newest applied one (\(newest)):\n"
                + "\(names)\nThey were probably merged from another branch. Check that they still make sense after \(newest), "
                + "then run again with --include-all (as with `supabase db push --include-all`). Nothing was applied."
        case .editedAfterApply(let edited):
            let names = edited.map { "  \($0.fileName.escapedForDisplay)" }.joined(separator: "\n")
            return "Applied migration\(edited.count == 1 ? " was" : "s were") edited after running "
                + "(checksum differs):\n\(names)\n"
                + "Restore the applied version (for example from git) and put the change in a new migration "
                + "(`rls diff NAME`). Nothing was applied."
        case .destructive(let statements):
            let list = statements.map { "  \($0)" }.joined(separator: "\n")
            return "Pending migrations contain \(statements.count) statement\(statements.count == 1 ? "" : "s") "
                + "that can lose data:\n\(list)\n"
                + "Check they are intended, then run again with --allow-destructive. Nothing was applied."
        case .statementFailed(let failure):
            var text = "\(failure.fileName.escapedForDisplay):\(failure.line): \(failure.message)"
            if let sqlState = failure.sqlState { text += " (SQLSTATE \(sqlState))" }
            if let detail = failure.detail { text += "\nDetail: \(detail)" }
            if let hint = failure.hint { text += "\nHint: \(hint)" }
            guard !failure.committedBefore.isEmpty else {
                return text + "\nNothing was applied. \(failure.nextStep)."
            }
            return text + "\nNothing else was applied. Committed before, in transactions of their own "
                + "(an enum value cannot be used in the transaction that adds it, nor removed):\n"
                + failure.committedBefore.map { "  " + $0 }.joined(separator: "\n")
                + "\n\(failure.nextStep); what is committed is not run twice."
        case .database:
            return headline + "\nNothing was applied."
        case .commitOutcomeUnknown:
            return headline + "\nRun `rls plan` to see which files are still pending before applying again."
        case .stoppedAfterCommits(let cause, let outcome):
            return cause.headline + "\n" + outcome.description
        case .fileNameNotUTF8(let bytes, let directory):
            return "A file name in \(directory.escapedForDisplay) is not UTF-8: \(String(escapingForDisplay: bytes)) "
                + "(the bytes that are not are shown as \\xNN).\n"
                + "Rename it to UTF-8 (a migration is named YYYYMMDDHHMMSS_name.sql) or move it out of the folder: "
                + "rls does not skip a file it cannot name. Nothing was applied."
        case .symbolicLink(let path):
            return "\(path.escapedForDisplay) is a symbolic link; rls reads only regular files as migrations and follows no link.\n"
                + "Replace it with a copy of the file it points to, or move it out of the folder. Nothing was applied."
        case .notRegularFile(let path, let kind):
            return "\(path.escapedForDisplay) is \(kind), not a regular file, but is named like a migration.\n"
                + "Move it out of the folder, or rename it if it is not a migration "
                + "(migrations are regular files named YYYYMMDDHHMMSS_name.sql). Nothing was applied."
        }
    }

    /// What happened, without what it left applied: the first lines of ``description``, and of
    /// ``stoppedAfterCommits(_:_:)``'s report.
    private var headline: String {
        switch self {
        case .database(let action, let message, let state, let hint):
            var text = "Could not \(action): \(message)"
            if let state { text += " (SQLSTATE \(state.rawValue))" }
            if let hint { text += "\nHint: \(hint)" }
            return text
        case .commitOutcomeUnknown(let message):
            return "The connection broke during COMMIT (\(message)), so the migrations may or may not be applied."
        case .stoppedAfterCommits(let cause, _):
            return cause.headline
        default:
            return description
        }
    }

    /// `add_saved.sql` → `20261122153000_add_saved.sql`, a hint for renaming a badly named file;
    /// a name that already starts with a version keeps it (`20260101000000_a.SQL` → `20260101000000_a.sql`).
    private static func suggestedName(for fileName: String) -> String {
        var stem = fileName.lowercased().hasSuffix(".sql") ? String(fileName.dropLast(4)) : fileName
        var version = MigrationFile.version(at: Date())
        if stem.unicodeScalars.count > 14, stem.unicodeScalars.prefix(14).allSatisfy({ ("0"..."9").contains($0) }) {
            version = String(stem.prefix(14))
            stem = String(stem.dropFirst(14))
        }
        let name = (try? MigrationFile.slug(stem)) ?? "name"
        return "\(version)_\(name).sql"
    }
}
