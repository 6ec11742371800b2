import Testing

@testable import RLSCatalog

/// A function body with thousands of statements is read in one pass: each finding used to count
/// its place from the start of the body again (4,000 EXECUTE statements took 6.5 s, twice as many four times that).
@Suite("rls lint: long function bodies")
struct FunctionBodyLengthTests {
    static func definition(_ statements: String) -> String {
        "CREATE OR REPLACE FUNCTION public.f(x text)\n RETURNS void\n LANGUAGE plpgsql\nAS $function$\nbegin\n\(statements)end\n$function$\n"
    }

    @Test func everyOneOfTwentyThousandExecuteStatementsIsFound() {
        let body = FunctionBody(definition: Self.definition(String(repeating: "execute 'select ' || x;\n", count: 20_000)))
        let found = body.unquotedDynamicSQL
        #expect(found.count == 20_000)
        #expect(found.first == "'select ' || x")
    }

    @Test func everyOneOfTwentyThousandUnqualifiedNamesIsQualified() {
        let catalog = Catalog(tables: [Catalog.Table(name: "public.note")])
        let body = FunctionBody(definition: Self.definition(String(repeating: "perform 1 from note;\n", count: 20_000)))
        let qualified = body.qualifiedDefinition(in: catalog)
        #expect(qualified.components(separatedBy: #"from "public".note;"#).count - 1 == 20_000)
        #expect(qualified.hasPrefix("CREATE OR REPLACE FUNCTION public.f(x text)"))
        #expect(qualified.hasSuffix("end\n$function$\n"))
    }
}
