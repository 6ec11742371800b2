extension LintRule {
    /// `unqualified-name-in-function` (error): a function pins `search_path` to `''` (or to a path
    /// without the table's schema) yet names a table without its schema: it fails with 42P01 every
    /// time it runs. Typical after someone applied a search-path fix by hand.
    ///
    ///     insert into public.profiles (id) values (new.id);
    public static let unqualifiedNameInFunction = LintRule(
        id: .unqualifiedNameInFunction,
        summary: "A function with a fixed search_path names tables that path does not reach."
    ) { catalog in
        catalog.functions.compactMap { function -> LintFinding? in
            guard let path = function.searchPath else { return nil }
            let reachable = Set(path.split(separator: ",").map { $0.trimmingCharacters(in: " \"") }.filter { !$0.isEmpty })
            let body = FunctionBody(definition: function.definition)
            let broken = body.unqualifiedRelations(in: catalog).filter { name in
                catalog.schemas(holding: name).allSatisfy { !reachable.contains($0) }
            }
            guard !broken.isEmpty else { return nil }
            return LintFinding(
                rule: .unqualifiedNameInFunction, level: .error, object: function.signature,
                message:
                    "\(function.isProcedure ? "Procedure" : "Function") \(function.signature) has search_path \(path.isEmpty ? "''" : path) but names "
                    + "\(broken.joined(separator: ", ")) without a schema: it fails with 42P01 (relation does not exist) when it runs. "
                    + "Qualify the names.",
                fix: body.qualifiedDefinition(in: catalog) + ";"
            )
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}
