/// Where a DSL declaration was written, captured with `#fileID` and `#line`.
///
/// Validation errors print it as `Policies/MyApp.swift:42` (module and file, as `#fileID` spells them).
public struct DeclarationSite: Sendable, Hashable, CustomStringConvertible {
    /// The Swift file, as `#fileID` spells it (`Module/File.swift`).
    public var fileID: String
    /// The 1-based line of the declaration.
    public var line: Int

    /// Creates a location; the defaults capture the caller's file and line.
    public init(fileID: String = #fileID, line: Int = #line) {
        self.fileID = fileID
        self.line = line
    }

    /// `File.swift:42`.
    public var description: String { "\(fileID):\(line)" }
}

/// The former name of ``DeclarationSite``, which collided with Swift Testing's `SourceLocation`.
@available(*, deprecated, renamed: "DeclarationSite")
public typealias SourceLocation = DeclarationSite
