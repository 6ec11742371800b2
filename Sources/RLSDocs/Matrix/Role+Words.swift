import RLSModel

extension Role {
    /// `anyone not signed in (anon)`, `signed-in users (authenticated)`, `the service role`.
    var readerWords: String {
        switch self {
        case .anon: "visitors who are not signed in (`anon`)"
        case .authenticated: "signed-in users (`authenticated`)"
        case .serviceRole: "the service role"
        default: name.markdownCode
        }
    }
}
