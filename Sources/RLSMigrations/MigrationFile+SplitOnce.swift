import RLSPostgres
import Synchronization

extension MigrationFile {
    /// A file's statements, split from its text the first time they are asked for. Equal for equal
    /// texts, so ``MigrationFile`` stays comparable by value.
    final class SplitOnce: Sendable, Equatable {
        private let contents: String
        private let cache = Mutex<[SQLStatement]?>(nil)

        init(_ contents: String) {
            self.contents = contents
        }

        var statements: [SQLStatement] {
            cache.withLock { cached in
                if let cached { return cached }
                let statements = SQLStatement.split(contents)
                cached = statements
                return statements
            }
        }

        static func == (lhs: SplitOnce, rhs: SplitOnce) -> Bool { lhs.contents == rhs.contents }
    }
}
