/// Which statements of two renderings of a schema a partial build must run, so that what changed
/// between them shows in the two partial catalogs: the statements that differ, everything attached
/// to the same objects, what mentions an object whose shape changed, and what all of those need to
/// exist, alike on both sides. ``DesiredIncrement`` runs the two lists on throwaway databases.
///
/// Nil when a partial build would not pay: a changed statement is not understood (it could touch
/// anything), or the two lists together are longer than the schema.
struct StatementClosure: Sendable {
    /// The statements to run for the previous rendering, in its order, as one script.
    let before: String
    /// The statements to run for the new rendering, in its order, as one script.
    let after: String

    init?(from old: [DesiredStatement], to new: [DesiredStatement]) {
        var remaining: [String: Int] = [:]
        for statement in new { remaining[statement.text, default: 0] += 1 }
        var changedOld: [Int] = []
        for (index, statement) in old.enumerated() {
            if let count = remaining[statement.text], count > 0 { remaining[statement.text] = count - 1 } else { changedOld.append(index) }
        }
        var kept: [String: Int] = [:]
        for statement in old { kept[statement.text, default: 0] += 1 }
        var changedNew: [Int] = []
        for (index, statement) in new.enumerated() {
            if let count = kept[statement.text], count > 0 { kept[statement.text] = count - 1 } else { changedNew.append(index) }
        }
        let changed = changedOld.map { old[$0] } + changedNew.map { new[$0] }
        // A statement not understood could touch anything: only a whole build is sure.
        guard changed.allSatisfy({ $0.subject != nil }) else { return nil }
        // The same statements in another order can end otherwise (a grant, then a revoke): an object
        // whose unchanged statements moved against each other is rebuilt, and where statements not
        // understood moved, everything is.
        let moved = Self.subjectsInAnotherOrder(old, Set(changedOld), new, Set(changedNew))
        guard !moved.contains(nil) else { return nil }

        var subjects = Set(changed.compactMap(\.subject)).union(moved.compactMap { $0 })
        var shaped = Set(changed.filter(\.shapesSubject).compactMap { $0.subject.flatMap(Self.lastPart) })
        var rebuiltOld = Set(changedOld)
        var rebuiltNew = Set(changedNew)
        // Attached to a rebuilt object, or mentioning one whose shape changed: rebuilt too, until nothing grows.
        var grew = true
        while grew {
            let grewOld = Self.grow(old, &rebuiltOld, &subjects, &shaped)
            let grewNew = Self.grow(new, &rebuiltNew, &subjects, &shaped)
            grew = grewOld || grewNew
        }
        let (before, after) = Self.withWhatTheyNeed(old, rebuiltOld, new, rebuiltNew)
        guard before.count + after.count < new.count else { return nil }
        self.before = before.map { old[$0].text + ";" }.joined(separator: "\n")
        self.after = after.map { new[$0].text + ";" }.joined(separator: "\n")
    }

    /// The subjects (nil: statements not understood) whose statements outside `changedOld` and
    /// `changedNew` run in another order in `new` than in `old`.
    private static func subjectsInAnotherOrder(
        _ old: [DesiredStatement], _ changedOld: Set<Int>, _ new: [DesiredStatement], _ changedNew: Set<Int>
    ) -> Set<String?> {
        func order(_ statements: [DesiredStatement], _ changed: Set<Int>) -> [String?: [String]] {
            var result: [String?: [String]] = [:]
            for (index, statement) in statements.enumerated() where !changed.contains(index) {
                result[statement.subject, default: []].append(statement.text)
            }
            return result
        }
        let before = order(old, changedOld)
        let after = order(new, changedNew)
        return Set(before.keys.filter { before[$0] != after[$0] })
    }

    private static func lastPart(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// Adds to `rebuilt` every statement attached to a subject in `subjects` or mentioning a name in
    /// `shaped`; their subjects join `subjects`, and a view's name joins `shaped`. True when it grew.
    private static func grow(
        _ statements: [DesiredStatement], _ rebuilt: inout Set<Int>, _ subjects: inout Set<String>, _ shaped: inout Set<String>
    ) -> Bool {
        var grew = false
        for (index, statement) in statements.enumerated() where !rebuilt.contains(index) {
            let attached = statement.subject.map(subjects.contains) ?? false
            guard attached || statement.mentions(anyOf: shaped) else { continue }
            rebuilt.insert(index)
            grew = true
            if let subject = statement.subject { subjects.insert(subject) }
            if statement.isView, let name = statement.defines { shaped.insert(name) }
        }
        return grew
    }

    /// `rebuiltOld` and `rebuiltNew`, the statements not understood (each partial build runs them,
    /// as the whole one does), and on both sides every statement that creates something either side
    /// mentions, again until nothing grows; each in its rendering's order. Both sides take what
    /// either needs, so that an unchanged object is built alike on both and does not show as changed.
    private static func withWhatTheyNeed(
        _ old: [DesiredStatement], _ rebuiltOld: Set<Int>, _ new: [DesiredStatement], _ rebuiltNew: Set<Int>
    ) -> (old: [Int], new: [Int]) {
        func definers(_ statements: [DesiredStatement]) -> [String: [Int]] {
            var result: [String: [Int]] = [:]
            for (index, statement) in statements.enumerated() {
                if let name = statement.defines { result[name, default: []].append(index) }
            }
            return result
        }
        let sides = [(old, definers(old), rebuiltOld), (new, definers(new), rebuiltNew)]
        var included = sides.map { statements, _, rebuilt in
            rebuilt.union(statements.indices.filter { statements[$0].subject == nil })
        }
        var mentioned = Set<String>()
        var looked = [Set<Int>(), Set<Int>()]
        var grew = true
        while grew {
            grew = false
            for (side, (statements, _, _)) in sides.enumerated() {
                for index in included[side].subtracting(looked[side]) { mentioned.formUnion(statements[index].words) }
                looked[side] = included[side]
            }
            for (side, (_, definers, _)) in sides.enumerated() {
                for name in mentioned {
                    for definer in definers[name] ?? [] where included[side].insert(definer).inserted { grew = true }
                }
            }
        }
        return (included[0].sorted(), included[1].sorted())
    }
}
