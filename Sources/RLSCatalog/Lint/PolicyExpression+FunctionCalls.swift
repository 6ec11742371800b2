extension PolicyExpression {
    /// Schema-qualified function calls (`private.is_member_of(`, `auth.uid(`) that are not directly
    /// inside `(SELECT …)`, so Postgres calls them for every row. The server deparses with an empty
    /// `search_path`, so every function outside `pg_catalog` is qualified; built-ins are left out.
    var perRowFunctionCalls: [String] {
        var calls: [String] = []
        let list = tokens.tokens
        for index in list.indices where tokens.isName(index) {
            guard tokens.isSymbol(index + 1, "."), tokens.isName(index + 2), tokens.isSymbol(index + 3, "("),
                !list[index + 1].spaceBefore, !list[index + 2].spaceBefore, !list[index + 3].spaceBefore
            else { continue }
            // The end of a longer name (`a.b.c(`) is not a call of its own.
            if index > 0, !list[index].spaceBefore, tokens.isSymbol(index - 1, ".") || tokens.isName(index - 1) { continue }
            if tokens.followsSelect(index) { continue }
            let call = tokens.text(list[index].range.lowerBound..<list[index + 2].range.upperBound) + "()"
            if !calls.contains(call) { calls.append(call) }
        }
        return calls
    }
}
