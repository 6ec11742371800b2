/// All pending files as ONE simple-protocol script, plus the history rows: one round trip for the
/// whole apply (psql sends one per statement). Keeps where each statement starts in the script so a
/// server error position maps back to a file and line.
struct ApplyScript {
    /// Where one statement sits in the script.
    struct Segment {
        var fileIndex: Int
        var statementIndex: Int
        /// Unicode-scalar offset of the statement's first character in ``text``.
        var offset: Int
        /// Length of the statement in Unicode scalars.
        var length: Int
    }

    /// The files, in the order they run.
    let files: [MigrationFile]
    /// The script to send.
    private(set) var text = ""
    /// Where each statement sits, in script order.
    private(set) var segments: [Segment] = []

    /// The script for `files`, each statement followed by `;` and a newline, then the history rows.
    init(files: [MigrationFile]) {
        self.files = files
        var offset = 0
        var capacity = 0
        for file in files { capacity += file.contents.utf8.count * 2 + 256 }
        text.reserveCapacity(capacity)
        for (fileIndex, file) in files.enumerated() {
            for (statementIndex, statement) in file.statements.enumerated() {
                let length = statement.length
                segments.append(Segment(fileIndex: fileIndex, statementIndex: statementIndex, offset: offset, length: length))
                text += statement.text
                text += ";\n"
                offset += length + 2
            }
        }
        for file in files { text += MigrationHistory.recordSQL(for: file) }
    }

    /// The file, statement and line a server error `position` (1-based, in characters of the whole
    /// script) points at; `nil` when it points outside every migration statement.
    func locate(position: Int) -> (file: MigrationFile, statement: SQLStatement, line: Int)? {
        let offset = position - 1
        var low = 0
        var high = segments.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let segment = segments[middle]
            if offset < segment.offset {
                high = middle - 1
            } else if offset > segment.offset + segment.length {  // the `;` still counts as the statement's
                low = middle + 1
            } else {
                let file = files[segment.fileIndex]
                let statement = file.statements[segment.statementIndex]
                return (file, statement, statement.line(atCharacter: offset - segment.offset + 1))
            }
        }
        return nil
    }
}
