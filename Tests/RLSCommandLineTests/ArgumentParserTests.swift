import Testing
@testable import RLSCommandLine

@Suite("Argument parsing")
struct ArgumentParserTests {
    let parser = ArgumentParser(options: [
        .value("format", "FORMAT", help: ""),
        .flag("exit-code", help: ""),
        .flag("help", short: "h", help: ""),
        .value("output", "FILE", short: "o", help: ""),
    ])

    @Test func valueAfterSpaceAndAfterEquals() throws {
        #expect(try parser.parse(["--format", "json"]).value("format") == "json")
        #expect(try parser.parse(["--format=json"]).value("format") == "json")
        #expect(try parser.parse(["--format=a=b"]).value("format") == "a=b")
        #expect(try parser.parse(["--format="]).value("format") == "")
    }

    @Test func shortOptionsAndFlags() throws {
        let parsed = try parser.parse(["-h", "-o", "out.sql", "--exit-code"])
        #expect(parsed.flag("help"))
        #expect(parsed.flag("exit-code"))
        #expect(parsed.value("output") == "out.sql")
        #expect(!parsed.flag("format"))
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parser.parse(["name", "--", "--format", "-h"])
        #expect(parsed.positionals == ["name", "--format", "-h"])
        #expect(parsed.value("format") == nil)
    }

    @Test func unknownOptionSuggestsClosest() {
        #expect(throws: UsageError("unknown option '--exit-cod'; did you mean '--exit-code'?")) {
            try parser.parse(["--exit-cod"])
        }
        #expect(throws: UsageError("unknown option '--zzzzzzzz'")) { try parser.parse(["--zzzzzzzz"]) }
        #expect(throws: UsageError("unknown option '-x'")) { try parser.parse(["-x"]) }
    }

    @Test func missingValueAndUnexpectedValue() {
        #expect(throws: UsageError("option '--format' needs a value: --format FORMAT")) {
            try parser.parse(["--format"])
        }
        #expect(throws: UsageError("option '--exit-code' takes no value")) { try parser.parse(["--exit-code=yes"]) }
    }

    @Test func singleDashLongOptionIsExplained() {
        #expect(throws: UsageError("unknown option '-format'; long options take two dashes, as in '--format'")) {
            try parser.parse(["-format"])
        }
    }

    @Test func typoDistance() {
        #expect(editDistance("plan", "plna") == 2)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("check", "check") == 0)
    }
}
