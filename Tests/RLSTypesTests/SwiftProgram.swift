import Foundation

/// A Swift program built from generated types and a `main.swift` with this toolchain's `swiftc`, to
/// prove that the file compiles and to run code that uses it.
struct SwiftProgram {
    let executable: String

    /// `swiftc -typecheck` of `sources` (file name → text) as the module `App`; the compiler's
    /// status and messages.
    static func typeCheck(_ sources: [String: String], in folder: ScratchFolder) throws -> (status: Int32, output: String) {
        let files = try sources.sorted(by: { $0.key < $1.key }).map { try folder.write($0.key, $0.value) }
        return try run("/usr/bin/env", ["swiftc", "-typecheck", "-module-name", "App"] + files)
    }

    /// Builds an executable from `sources` (one of them `main.swift`); throws the compiler's messages.
    init(_ sources: [String: String], in folder: ScratchFolder) throws {
        let files = try sources.sorted(by: { $0.key < $1.key }).map { try folder.write($0.key, $0.value) }
        executable = "\(folder.path)/app"
        let (status, output) = try Self.run("/usr/bin/env", ["swiftc", "-module-name", "App", "-o", executable] + files)
        guard status == 0 else { throw ProgramFailure(description: "swiftc failed:\n\(output)") }
    }

    /// Runs the program with `arguments`; its standard output, or a failure with everything it printed.
    func callAsFunction(_ arguments: String...) throws -> String {
        let (status, output) = try Self.run(executable, arguments)
        guard status == 0 else { throw ProgramFailure(description: "\(executable) \(arguments) exited \(status):\n\(output)") }
        return output
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

struct ProgramFailure: Error, CustomStringConvertible {
    let description: String
}
