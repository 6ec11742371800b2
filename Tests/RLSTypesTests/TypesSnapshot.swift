import ElectricRide
import Foundation
import RLSModel
import RLSTestSupport
import RLSTypes
import Testing

/// The generated files of the example and of the adopter fixture, as snapshots under
/// `Tests/RLSTypesTests/Snapshots/` (re-recorded with `RLS_RECORD_SNAPSHOTS=1`).
enum TypesSnapshot {
    static let folder = SnapshotFolder(besideFile: #filePath)

    /// Electric Ride, the adopter fixture's Bookshelf, each for a signed-in user and the service role.
    static let schemas: [(name: String, schema: Schema)] = [("electric_ride", ElectricRide.schema), ("bookshelf", Bookshelf.schema)]

    /// The schema called `name` in ``schemas``.
    static func schema(_ name: String) -> Schema { schemas.first { $0.name == name }!.schema }

    static func file(_ schema: Schema, role: ClientRole = .authenticated, access: SwiftTypesOptions.AccessLevel = .public) throws -> String
    {
        try SwiftTypesFile(schema: schema, options: SwiftTypesOptions(role: role, access: access)).text
    }

    static func expectMatches(_ text: String, named fileName: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if let failure = try folder.failure(comparing: text, file: fileName) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }
}

/// A fresh folder under the temporary directory.
struct ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-types-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = "\(path)/\(name)"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
