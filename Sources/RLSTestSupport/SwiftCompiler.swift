import Foundation

/// The Swift compiler of this toolchain, for tests that prove generated Swift builds: `swiftc`
/// against the modules this test build produced.
public enum SwiftCompiler {
    /// The folder holding `RLSModel.swiftmodule`: beside the test binary, or in `.build/debug`.
    public static func modules() throws -> String {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            binary.appendingPathComponent("Modules"), binary, binary.deletingLastPathComponent().appendingPathComponent("Modules"),
            repository.appendingPathComponent(".build/debug/Modules"),
        ]
        let module = "RLSModel.swiftmodule"
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent(module).path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no \(module) in \(candidates.map(\.path))"])
        }
        return found.path
    }

    /// `swiftc -typecheck` of `files` as the library `Policies`, importing this build's modules.
    public static func typeCheck(_ files: [String]) throws -> (status: Int32, output: String) {
        try swiftc(["-typecheck", "-parse-as-library", "-module-name", "Policies", "-I", try modules()] + files)
    }

    /// `swiftc` building `files` (one of them `main.swift`) into the executable `output`, linked with
    /// the object files this build produced for `modules` (for example `RLSModel`, `RLSSQL`): a
    /// program built from generated Swift without a package of its own, as the module `Policies` (the
    /// folder `rls pull` writes to, which its headers name).
    public static func executable(_ files: [String], linking modules: [String], output: String) throws -> (status: Int32, output: String) {
        let folder = URL(fileURLWithPath: try self.modules())
        let build = folder.lastPathComponent == "Modules" ? folder.deletingLastPathComponent() : folder
        let objects = try modules.flatMap { module in try objectFiles(of: module, in: build) }
        // libm too: a module's objects may round a Double (RLSJSON does), which nothing else links in
        // a program that imports no Foundation.
        return try swiftc(["-module-name", "Policies", "-I", folder.path, "-o", output] + files + objects + ["-lm"])
    }

    /// The object files of `module`'s current sources, from the build's output file map. Not every
    /// `.o` in the folder: a source deleted since an earlier build leaves its object behind, and
    /// linking it fails on symbols that no longer exist.
    static func objectFiles(of module: String, in build: URL) throws -> [String] {
        let map = build.appendingPathComponent(module + ".build").appendingPathComponent("output-file-map.json")
        let entries = try JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: map))
        return entries.filter { !$0.key.isEmpty }.compactMap { $0.value["object"] }.sorted()
    }

    /// `swiftc` with `arguments`, found on the PATH.
    public static func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try execute("/usr/bin/env", ["swiftc"] + arguments)
    }

    /// Runs `executable` and returns its exit status and its output and errors together.
    public static func execute(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
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
