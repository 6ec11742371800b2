import RLSModel
import Testing

/// A hand-written policy that decides access from user metadata is refused before anything
/// connects, with the reason and the fix; app_metadata is fine.
@Suite struct UserMetadataPolicyTests {
    static func posts(_ policy: Policy) -> Schema {
        Schema {
            Table("post") {
                Column("id", .bigint).identity().primaryKey()
                Column("team", .text)
                policy
            }
        }
    }

    @Test func theJWTsUserMetadataIsRefused() throws {
        let line = #line + 2
        let schema = Self.posts(
            Policy(
                "editors", for: .update, to: [.authenticated],
                using: SQL(raw: "((select auth.jwt()) -> 'user_metadata' ->> 'editor')::boolean")))
        let errors = schema.validationErrors()
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].kind == .userMetadata)
        #expect(
            errors[0].description.hasPrefix(
                "RLSModelTests/UserMetadataPolicyTests.swift:\(line): public.post: policy \"editors\" reads user metadata"))
        #expect(errors[0].message.contains("supabase.auth.updateUser"))
        #expect(errors[0].message.contains("(select auth.jwt()) -> 'app_metadata'"))
        // The way out for a production policy pulled as it is, named in the same message.
        #expect(errors[0].message.contains(".readsUserMetadata(acknowledged:"))
    }

    /// A production policy pulled as it is: the acknowledgement states the fact and its reason, and
    /// validation accepts it (no SQL changes; `rls lint` still reports the policy).
    @Test func anAcknowledgedPolicyIsAccepted() {
        let policy = Policy(
            "editors", for: .update, to: [.authenticated],
            using: SQL(raw: "((select auth.jwt()) -> 'user_metadata' ->> 'editor')::boolean")
        )
        .readsUserMetadata(acknowledged: "production policy, pulled as it is")
        #expect(policy.userMetadataAcknowledgement == "production policy, pulled as it is")
        #expect(Self.posts(policy).validationErrors().isEmpty)
    }

    @Test func rawUserMetaDataInWithCheckIsRefused() {
        let schema = Self.posts(
            Policy(
                "admins add", for: .insert, to: [.authenticated],
                withCheck: SQL(
                    raw: """
                        exists (select 1 from auth.users u where u.id = (select auth.uid()) and u."RAW_USER_META_DATA" ->> 'admin' = 'yes')
                        """)))
        #expect(schema.validationErrors().map(\.kind) == [.userMetadata])
    }

    @Test func appMetadataIsAccepted() {
        let schema = Self.posts(
            Policy(
                "team reads", for: .select, to: [.authenticated],
                using: SQL(raw: "team = ((select auth.jwt()) -> 'app_metadata' ->> 'team')")))
        #expect(schema.validationErrors().isEmpty)
    }

    @Test func lintAndValidationShareTheDetection() {
        #expect(UserMetadata.isRead(by: "new.raw_user_meta_data ->> 'x'"))
        #expect(UserMetadata.isRead(by: "auth.jwt() -> 'USER_METADATA'"))
        #expect(!UserMetadata.isRead(by: "auth.jwt() -> 'app_metadata'"))
    }
}
