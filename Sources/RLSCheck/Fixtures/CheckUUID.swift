/// The ids of the check's own users and generated rows: `<tag>-<lane>-4000-8000-<number>`, shaped
/// like a version-4 UUID, with the connection that inserts them (its lane, see `ProbeLanes`) in the
/// second group and a number in the last, both in hexadecimal.
///
/// ```swift
/// CheckUUID.make("c4ec0000", number: 26)   // c4ec0000-0000-4000-8000-00000000001a
/// CheckUUID.onLane("a11ce000-0000-4000-8000-000000000001", 1)   // a11ce000-0001-4000-8000-000000000001
/// ```
enum CheckUUID {
    static func make(_ tag: String, lane: Int = 0, number: Int) -> String {
        "\(tag)-\(hex(lane, digits: 4))-4000-8000-\(hex(number, digits: 12))"
    }

    /// `id` (one of ``make(_:lane:number:)``'s) as the connection of `lane` inserts it.
    static func onLane(_ id: String, _ lane: Int) -> String {
        String(id.prefix(9)) + hex(lane, digits: 4) + String(id.dropFirst(13))
    }

    /// `n` in lower-case hexadecimal, zero-padded to `digits`.
    private static func hex(_ n: Int, digits: Int) -> String {
        let text = String(n, radix: 16)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}
