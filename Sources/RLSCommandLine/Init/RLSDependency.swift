import Foundation

/// How a package made by `rls init` depends on rls: on the checkout it was made from, by path, or on
/// the published repository.
enum RLSDependency: Equatable {
    /// The rls checkout at `checkout`, written relative to the new package when it can be.
    case path(String)
    case url(String)

    /// Where rls is published; used when `rls init` does not run from a checkout.
    static let repositoryURL = "https://github.com/rls-swift/rls.git"

    /// A path dependency when this executable was built from an rls checkout that is still there
    /// (the usual case: `swift run rls-example init ../myapp` in a clone), else the repository URL.
    static func current(packageDirectory: String) -> RLSDependency {
        guard let checkout = checkoutRoot() else { return .url(repositoryURL) }
        return .path(relativePath(from: packageDirectory, to: checkout))
    }

    /// The folder of the rls package this file was compiled from, found through `#filePath`
    /// (`<root>/Sources/RLSCommandLine/Init/RLSDependency.swift`), when it is a checkout someone works
    /// in: its `Package.swift` names the package `rls`, and it is not a copy SwiftPM fetched into a
    /// `.build/checkouts` or Xcode `SourcePackages` folder (a URL dependency).
    /// (`sourceFile` stands in for this file in tests.)
    static func checkoutRoot(sourceFile: String? = nil) -> String? {
        var root = URL(fileURLWithPath: sourceFile ?? #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        let path = root.standardizedFileURL.path
        guard !path.contains("/.build/checkouts/"), !path.contains("/SourcePackages/checkouts/"),
            let manifest = FileManager.default.contents(atPath: path + "/Package.swift"),
            String(decoding: manifest, as: UTF8.self).contains("name: \"rls\"")
        else { return nil }
        return path
    }

    /// `to` relative to `from` (`../rls`), both absolute; `to` itself when they share only `/`.
    static func relativePath(from: String, to: String) -> String {
        let fromParts = URL(fileURLWithPath: from).standardizedFileURL.pathComponents
        let toParts = URL(fileURLWithPath: to).standardizedFileURL.pathComponents
        let common = zip(fromParts, toParts).prefix { $0 == $1 }.count
        guard common > 1 else { return to }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        let path = (ups + toParts[common...]).joined(separator: "/")
        return path.isEmpty ? "." : path
    }

    /// The `dependencies:` entry of the new Package.swift, with a comment that says which kind it is.
    var packageSwiftLines: [String] {
        switch self {
        case .path(let path):
            [
                "// rls by path: this package was made by `rls init` from the rls checkout at \(path).",
                "// To build without that checkout beside it (in CI), use the repository instead:",
                "// .package(url: \"\(Self.repositoryURL)\", branch: \"main\"),",
                ".package(name: \"rls\", path: \"\(path)\"),",
            ]
        case .url(let url):
            [
                "// rls from its repository (`rls init` did not run from an rls checkout).",
                "// To work on rls beside this package, use a checkout instead: .package(name: \"rls\", path: \"../rls\"),",
                ".package(url: \"\(url)\", branch: \"main\"),",
            ]
        }
    }

    /// For `rls init`'s last line: `rls by path ../rls`.
    var summary: String {
        switch self {
        case .path(let path): "rls by path \(path)"
        case .url(let url): "rls from \(url)"
        }
    }
}
