import Testing

@testable import RLSCatalog

/// Reading deparsed policy text, without a database: the spellings the server prints and a few it might.
@Suite("rls lint: policy expressions")
struct PolicyExpressionTests {
    @Test func wrappedCallsAreOncePerStatement() {
        #expect(PolicyExpression(text: "(owner_id = ( SELECT auth.uid() AS uid))").perRowAuthCalls.isEmpty)
        #expect(PolicyExpression(text: "(( SELECT (auth.jwt() ->> 'role'::text)) = 'admin'::text)").perRowAuthCalls.isEmpty)
        #expect(
            PolicyExpression(text: "(team = ( SELECT current_setting('request.jwt.claims'::text, true) AS current_setting))")
                .perRowAuthCalls.isEmpty)
    }

    @Test func bareCallsArePerRowAndGetWrapped() {
        let expression = PolicyExpression(text: "((owner_id = auth.uid()) OR (auth.role() = 'service_role'::text))")
        #expect(expression.perRowAuthCalls == ["auth.uid()", "auth.role()"])
        #expect(expression.wrappingAuthCalls == "((owner_id = (select auth.uid())) OR ((select auth.role()) = 'service_role'::text))")
        #expect(PolicyExpression(text: "(x = current_setting('request.jwt.claim.sub'::text, true))").perRowAuthCalls.count == 1)
    }

    @Test func columnsComparedWithTheUserID() {
        let compared = { (text: String) in
            PolicyExpression(text: text).columnsComparedWithUserID.map { "\($0.qualifier ?? "-") \($0.column)" }
        }
        #expect(compared("(owner_id = ( SELECT auth.uid() AS uid))") == ["- owner_id"])
        #expect(compared("(( SELECT auth.uid() AS uid) = \"Owner \"\"Id\"\"\")") == ["- Owner \"Id\""])
        #expect(compared("((l.id = item.list_id) AND (l.owner_id = ( SELECT auth.uid() AS uid)))") == ["l owner_id"])
        #expect(compared("((author)::text = (auth.uid())::text)") == ["- author"])
        #expect(compared("(team = 'blue'::text)").isEmpty)
    }

    @Test func userMetadataIsRecognised() {
        #expect(PolicyExpression(text: "((( SELECT auth.jwt() AS jwt) -> 'user_metadata'::text) ->> 'x'::text)").readsUserMetadata)
        #expect(PolicyExpression(text: "(u.raw_user_meta_data ->> 'admin'::text)").readsUserMetadata)
        #expect(!PolicyExpression(text: "((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'x'::text)").readsUserMetadata)
    }

    @Test func leadingColumnsOfIndexesAndKeys() {
        #expect(leadingIdentifier(after: "btree (owner_id, created_at)") == "owner_id")
        #expect(leadingIdentifier(after: #"btree ("Owner ""Id""")"#) == #"Owner "Id""#)
        #expect(leadingIdentifier(after: "PRIMARY KEY (profile_id, listing_id)") == "profile_id")
        #expect(leadingIdentifier(after: "btree (lower(email))") == "lower")
    }
}
