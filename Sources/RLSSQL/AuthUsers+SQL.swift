import RLSJSON
public import RLSModel

extension AuthUsers {
    /// A user as Supabase Auth's sign-up writes it into `auth.users`.
    public struct SignUp: Sendable {
        /// The user's id.
        public var id: String
        /// The email; nil for an anonymous sign-in.
        public var email: String?
        /// `raw_user_meta_data.full_name`, what a sign-up form sends.
        public var fullName: String
        /// `raw_app_meta_data`, set by the server: the provider, and any app role.
        public var appMetadataJSON: String
        /// An anonymous sign-in.
        public var isAnonymous: Bool

        /// A user; the app metadata defaults to an email sign-up's.
        public init(
            id: String, email: String?, fullName: String,
            appMetadataJSON: String = #"{"provider":"email","providers":["email"]}"#, isAnonymous: Bool = false
        ) {
            self.id = id
            self.email = email
            self.fullName = fullName
            self.appMetadataJSON = appMetadataJSON
            self.isAnonymous = isAnonymous
        }
    }

    /// `raw_user_meta_data` as a sign-up form sends it: `{"full_name":"Alice"}`.
    struct UserMetadata: Encodable {
        var fullName: String

        enum CodingKeys: String, CodingKey {
            case fullName = "full_name"
        }
    }

    /// The one statement that signs `users` up, as Supabase Auth would (sign-up triggers fire). The
    /// user metadata is JSON written from `UserMetadata` (any name survives, quotes and newlines
    /// included), then quoted as a literal like every other value:
    ///
    /// ```sql
    /// insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, is_anonymous, created_at, updated_at)
    /// values ('a11ce000-…', 'authenticated', 'authenticated', 'alice@rls-check.invalid', '{"full_name":"Alice"}', '{"provider":"email",…}', false, now(), now())
    /// ```
    public static func signUpSQL(_ users: [SignUp]) throws -> String {
        let rows = try users.map { user in
            let metadata = try OrderedJSONEncoder.value(UserMetadata(fullName: user.fullName)).compactText
            return "(\(quoteLiteral(user.id)), 'authenticated', 'authenticated', \(user.email.map(quoteLiteral) ?? "null"), "
                + "\(quoteLiteral(metadata)), \(quoteLiteral(user.appMetadataJSON)), \(user.isAnonymous), now(), now())"
        }
        return """
            insert into \(table.sql) (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, is_anonymous, created_at, updated_at)
            values \(rows.joined(separator: ",\n       "))
            """
    }
}
