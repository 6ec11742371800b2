import RLSJSON
import RLSModel

/// The JWT claims Supabase's gateway passes for a persona (`request.jwt.claims`), as an `Encodable`
/// value written compactly by ``OrderedJSONEncoder``, keys in the order Supabase's tokens carry them:
///
/// ```json
/// {"sub":"a11ce000-…","role":"authenticated","email":"alice@rls-check.invalid","aud":"authenticated",
///  "aal":"aal1","is_anonymous":false,"app_metadata":{"provider":"email","providers":["email"]}}
/// ```
///
/// `anon` and `service_role` carry only their role.
struct JWTClaims: Encodable {
    let persona: Persona

    /// The claims as compact JSON.
    var json: String {
        // Strings, booleans, arrays and objects only: nothing the encoder can refuse.
        (try! OrderedJSONEncoder.value(self)).compactText
    }

    private enum CodingKeys: String, CodingKey {
        case sub, role, email, aud, aal
        case isAnonymous = "is_anonymous"
        case appMetadata = "app_metadata"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch persona {
        case .anon: try container.encode(Role.anon.name, forKey: .role)
        case .serviceRole: try container.encode(Role.serviceRole.name, forKey: .role)
        case .user(let user):
            try container.encode(user.id, forKey: .sub)
            try container.encode(Role.authenticated.name, forKey: .role)
            try container.encode(user.email, forKey: .email)
            try container.encode(Role.authenticated.name, forKey: .aud)
            try container.encode(user.aal, forKey: .aal)
            try container.encode(user.isAnonymous, forKey: .isAnonymous)
            try container.encode(AppMetadata(role: user.appRole), forKey: .appMetadata)
        }
    }

    /// The `app_metadata` claim of an email user: the provider, and the role when there is one.
    struct AppMetadata: Encodable {
        var role: String?

        /// The claim as compact JSON.
        var json: String { (try! OrderedJSONEncoder.value(self)).compactText }

        private enum CodingKeys: String, CodingKey { case provider, providers, role }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("email", forKey: .provider)
            try container.encode(["email"], forKey: .providers)
            if let role { try container.encode(role, forKey: .role) }
        }
    }
}
