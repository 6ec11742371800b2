import RLSDatabase
import Testing

@Suite("Apply options")
struct ApplyOptionsTests {
    @Test(
        "Timeouts read as typed on the command line",
        arguments: [
            ("250ms", Duration.milliseconds(250)), ("5s", .seconds(5)), ("5", .seconds(5)), ("1.5s", .milliseconds(1500)),
            ("2min", .seconds(120)), ("2m", .seconds(120)), (" 3S ", .seconds(3)),
        ])
    func parses(text: String, expected: Duration) {
        #expect(ApplyOptions.duration(from: text) == expected)
    }

    @Test("Nonsense, zero and negative timeouts are refused", arguments: ["", "s", "abc", "0", "-1s", "5h", "ms5"])
    func refuses(text: String) {
        #expect(ApplyOptions.duration(from: text) == nil)
    }

    @Test("Defaults suit a live database")
    func defaults() {
        let options = ApplyOptions()
        #expect(!options.allowDestructive && !options.dryRun)
        #expect(options.lockTimeout == .seconds(5))
        #expect(options.statementTimeout == .seconds(60))
        #expect(options.lockWait == .seconds(300))
    }
}
