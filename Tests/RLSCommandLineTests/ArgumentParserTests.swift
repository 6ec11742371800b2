import Testing

@testable import RLSCommandLine

@Suite("Argument parsing")
struct ArgumentParserTests {
    enum Format: String, ArgumentChoice { case text, json }

    struct Options: CommandOptions {
        var format: String?
        var exitCode = false
        var help = false
        var output: String?
        var kind = Format.text
        var timeout: Duration?
        var name: String?
        var from: OptionalValue?

        static let arguments: [Argument<Self>] = [
            .positional("NAME", \.name, help: ""),
            .value("format", "FORMAT", \.format, help: ""),
            .flag("exit-code", \.exitCode, help: ""),
            .flag("help", short: "h", \.help, help: ""),
            .value("output", "FILE", short: "o", \.output, help: ""),
            .value("kind", \.kind, help: ""),
            .value("timeout", \.timeout, help: ""),
            .optionalValue("from", "URL", \.from, help: ""),
        ]
    }

    let parser = ArgumentParser(arguments: Options.arguments)

    func parse(_ tokens: [String]) throws(UsageError) -> Options {
        var options = Options()
        _ = try parser.parse(tokens, into: &options)
        return options
    }

    @Test func valueAfterSpaceAndAfterEquals() throws {
        #expect(try parse(["--format", "json"]).format == "json")
        #expect(try parse(["--format=json"]).format == "json")
        #expect(try parse(["--format=a=b"]).format == "a=b")
        #expect(try parse(["--format="]).format == "")
        #expect(try parse(["--format", "a", "--format", "b"]).format == "b")
    }

    @Test func shortOptionsAndFlags() throws {
        let parsed = try parse(["-h", "-o", "out.sql", "--exit-code"])
        #expect(parsed.help)
        #expect(parsed.exitCode)
        #expect(parsed.output == "out.sql")
        #expect(parsed.format == nil)
    }

    @Test func doubleDashEndsOptions() throws {
        var options = Options()
        let leftovers = try parser.parse(["name", "--", "--format", "-h"], into: &options)
        #expect(options.name == "name")
        #expect(leftovers.unexpected == ["--format", "-h"])
        #expect(options.format == nil)
    }

    @Test func typedValuesAreConvertedOrRefused() throws {
        #expect(try parse(["--kind", "json"]).kind == .json)
        #expect(try parse(["--timeout", "250ms"]).timeout == .milliseconds(250))
        #expect(throws: UsageError("unknown format 'xml'; use one of: text, json")) { try parse(["--kind", "xml"]) }
        #expect(throws: UsageError("--timeout takes a duration from 1ms to 24 days, such as 5s, 250ms or 2min, not 'soon'")) {
            try parse(["--timeout", "soon"])
        }
    }

    @Test func optionalValueIsTakenOnlyWhenItLooksLikeOne() throws {
        #expect(try parse(["--from"]).from == .leftOut)
        #expect(try parse(["--from", "postgres://h/db"]).from == .given("postgres://h/db"))
        #expect(try parse(["--from", "app"]).from == .leftOut)
        #expect(throws: UsageError.self) { try parse(["--from="]) }
    }

    @Test func unknownOptionSuggestsClosest() {
        #expect(throws: UsageError("unknown option '--exit-cod'; did you mean '--exit-code'?")) {
            try parse(["--exit-cod"])
        }
        #expect(throws: UsageError("unknown option '--zzzzzzzz'")) { try parse(["--zzzzzzzz"]) }
        #expect(throws: UsageError("unknown option '-x'")) { try parse(["-x"]) }
    }

    @Test func missingValueAndUnexpectedValue() {
        #expect(throws: UsageError("option '--format' needs a value: --format FORMAT")) {
            try parse(["--format"])
        }
        #expect(throws: UsageError("option '--format' needs a value: --format FORMAT")) {
            try parse(["--format", "--exit-code"])
        }
        #expect(throws: UsageError("option '--exit-code' takes no value")) { try parse(["--exit-code=yes"]) }
    }

    @Test func singleDashLongOptionIsExplained() {
        #expect(throws: UsageError("unknown option '-format'; long options take two dashes, as in '--format'")) {
            try parse(["-format"])
        }
    }

    @Test func typoDistance() {
        #expect(editDistance("plan", "plna") == 2)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("check", "check") == 0)
    }
}
