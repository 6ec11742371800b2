/// One generated file of the access docs: its name inside `Docs/` and its exact contents.
public struct GeneratedPage: Sendable, Hashable {
    /// The file name, such as `ACCESS.md`.
    public var fileName: String
    /// The file's contents, ending with a newline.
    public var contents: String

    /// A page.
    public init(fileName: String, contents: String) {
        self.fileName = fileName
        self.contents = contents
    }
}
