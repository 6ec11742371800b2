/// Supabase's `auth.users`, as far as a schema may use it: the table its foreign keys reference and
/// its triggers (sign-up profiles) fire on, and the columns they may read.
public enum AuthUsers {
    /// `auth.users`.
    public static let table = TableName.authUsers

    /// The columns tables may reference and triggers may read, with their types.
    public static let columns: [String: ColumnType] = [
        "id": .uuid, "email": .varchar(255), "phone": .text, "aud": .varchar(255), "role": .varchar(255),
        "raw_user_meta_data": .jsonb, "raw_app_meta_data": .jsonb, "is_anonymous": .boolean,
        "created_at": .timestamptz, "updated_at": .timestamptz, "last_sign_in_at": .timestamptz,
        "email_confirmed_at": .timestamptz, "phone_confirmed_at": .timestamptz,
    ]
}
