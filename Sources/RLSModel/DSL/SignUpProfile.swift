/// Supabase's sign-up pattern in one declaration: when a row appears in `auth.users`,
/// insert the matching row into a profiles table.
///
/// ```swift
/// SignUpProfile(table: "profiles", values: [
///     "id": .userID, "email": .email, "full_name": .metadata("full_name"),
/// ])
/// ```
/// compiles to a `security definer` function with `set search_path = ''` and fully
/// qualified names, EXECUTE revoked from PUBLIC, anon, authenticated and service_role,
/// and `create trigger "on_auth_user_created" after insert on "auth"."users" for each row ...`.
public struct SignUpProfile: Sendable, Hashable {
    /// Where a profile column's value comes from.
    public enum Value: Sendable, Hashable {
        /// `new.id`: the new user's id.
        case userID
        /// `new.email`
        case email
        /// `new.phone`
        case phone
        /// `new.raw_user_meta_data ->> 'key'`: what the client sent at sign-up (user-editable; never trust it for access).
        case metadata(String)
        /// `new.raw_app_meta_data ->> 'key'`: set by the server (provider etc.).
        case appMetadata(String)
        /// Any expression over `new`, spliced as written.
        case raw(SQL)
    }

    /// One profile column and its value.
    public struct Assignment: Sendable, Hashable {
        /// The profiles table's column.
        public var column: String
        /// Where its value comes from.
        public var value: Value
    }

    /// The profiles table.
    public var table: TableName
    /// The columns filled in, in order.
    public var assignments: [Assignment]
    /// The generated function's name.
    public var functionName: QualifiedName
    /// The generated trigger's name on `auth.users`.
    public var triggerName: String
    /// Where it was declared.
    public var source: DeclarationSite

    /// Declares the sign-up trigger filling `table`.
    public init(
        table: TableName = "profiles", values: KeyValuePairs<String, Value>,
        functionName: QualifiedName = "public.create_profile_for_new_user",
        triggerName: String = "on_auth_user_created", fileID: String = #fileID, line: Int = #line
    ) {
        self.table = table
        self.assignments = values.map { Assignment(column: $0.key, value: $0.value) }
        self.functionName = functionName
        self.triggerName = triggerName
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}
