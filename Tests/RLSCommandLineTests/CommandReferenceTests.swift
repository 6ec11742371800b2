import Foundation
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// Docs/COMMANDS.md is generated from the command declarations; it fails here when it is stale.
@Suite("Docs/COMMANDS.md")
struct CommandReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let path = root.appendingPathComponent("Docs/COMMANDS.md").path

    @Test func isUpToDate() throws {
        let generated = CommandReference.markdown()
        let stored = try? String(contentsOfFile: Self.path, encoding: .utf8)
        if SnapshotFolder.isRecording || stored == nil {
            try generated.write(toFile: Self.path, atomically: true, encoding: .utf8)
            if !SnapshotFolder.isRecording { Issue.record("Wrote Docs/COMMANDS.md; review it and run the tests again.") }
            return
        }
        guard let stored, generated != stored else { return }
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(new.count, old.count)).first { new[$0] != old[$0] } ?? min(new.count, old.count)
        Issue.record(
            """
            Docs/COMMANDS.md is stale from line \(line + 1) (generated: \(line < new.count ? String(new[line]) : "(end)")); \
            regenerate with RLS_RECORD_SNAPSHOTS=1 swift test --filter CommandReference
            """)
    }

    @Test func namesEveryCommandAndOption() {
        let markdown = CommandReference.markdown()
        for command in Commands.all + Commands.all.flatMap(\.subcommands) {
            #expect(markdown.contains("\n## rls \(command.name)\n") || markdown.contains("\n### rls \(command.name)\n"), "\(command.name)")
            for argument in command.arguments {
                let row = "| `\(argument.synopsis.replacingOccurrences(of: "|", with: "\\|"))` |"
                #expect(markdown.contains(row), "\(command.name): \(row)")
            }
        }
        #expect(markdown.contains("rls apply [--dry-run]"))
        #expect(markdown.contains("[--statement-timeout DURATION]"))
    }

    /// README.md's table of commands is the same table, generated between its markers.
    @Test func readmeTableIsUpToDate() throws {
        let path = Self.root.appendingPathComponent("README.md").path
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let updated = try #require(CommandReference.readme(updating: readme), "README.md lacks the command table's markers")
        #expect(updated.contains("| [`rls plan`](Docs/COMMANDS.md#rls-plan) | "))
        if SnapshotFolder.isRecording {
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            updated == readme,
            "README.md's command table is stale; regenerate with RLS_RECORD_SNAPSHOTS=1 swift test --filter CommandReference")
    }

    @Test func readmeLinksIt() throws {
        let readme = try String(contentsOfFile: Self.root.appendingPathComponent("README.md").path, encoding: .utf8)
        #expect(readme.contains("(Docs/COMMANDS.md)"))
    }
}
