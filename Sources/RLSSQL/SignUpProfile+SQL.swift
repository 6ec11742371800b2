import RLSModel

extension SignUpProfile {
    /// The SECURITY DEFINER function the sign-up trigger runs: it inserts the profile
    /// row with fully qualified names under an empty `search_path`, and nobody may call it directly.
    public var function: Function {
        let columns = assignments.map(\.column).quotedList
        let values = assignments.map { $0.value.sql }.joined(separator: ", ")
        let body = """
            begin
              insert into \(table.sql) (\(columns))
              values (\(values));
              return new;
            end;
            """
        return Function(
            functionName.name, schema: functionName.schema, returns: .trigger, language: .plpgsql,
            security: .definer,
            comment: "Creates the \(table) row for a new auth.users row (sign-up trigger).",
            body: SQL(raw: body), fileID: source.fileID, line: source.line)
    }

    /// `create trigger "on_auth_user_created" after insert on "auth"."users" for each row ...`.
    public var trigger: Trigger {
        Trigger(
            triggerName, on: .authUsers, .after, [.insert], execute: functionName,
            fileID: source.fileID, line: source.line)
    }
}

extension SignUpProfile.Value {
    /// The expression over the new `auth.users` row.
    var sql: String {
        switch self {
        case .userID: "new.\(quoteIdentifier("id"))"
        case .email: "new.\(quoteIdentifier("email"))"
        case .phone: "new.\(quoteIdentifier("phone"))"
        case .metadata(let key): "new.\(quoteIdentifier("raw_user_meta_data")) ->> \(quoteLiteral(key))"
        case .appMetadata(let key): "new.\(quoteIdentifier("raw_app_meta_data")) ->> \(quoteLiteral(key))"
        case .raw(let sql): sql.text
        }
    }
}
