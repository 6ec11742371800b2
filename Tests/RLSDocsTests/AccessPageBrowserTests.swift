import Foundation
import RLSDocs
import RLSModel
import Testing

/// `Docs/access.html` rendered by a real browser (Debian's `chromium`, headless): the matrix fits a
/// 1280-pixel screen with the service-role columns visible, the page never scrolls sideways at phone
/// width, every table is there, and the caller filter hides the other callers' columns.
@Suite("access.html in a browser")
struct AccessPageBrowserTests {
    /// Layout numbers the page writes into its own DOM, read back from `chromium --dump-dom`.
    struct Layout {
        var attributes: [String: String]
        func number(_ name: String) throws -> Double {
            let text = try #require(attributes[name], "no \(name) in the DOM")
            return try #require(Double(text), "\(name) is not a number: \(text)")
        }
    }

    /// Renders `html` at `width` pixels with a measuring script appended; returns what it measured.
    static func render(_ html: String, width: Int, filter: String = "") throws -> Layout {
        let chromium = try Self.chromium()
        let measure = """
            <script>
            (function () {
              var select = document.getElementById('caller');
              if ('\(filter)') { select.value = '\(filter)'; select.dispatchEvent(new Event('change')); }
              var matrix = document.getElementById('matrix').getBoundingClientRect();
              var last = document.querySelector('#matrix tbody tr td:last-child').getBoundingClientRect();
              var visible = Array.from(document.querySelectorAll('#matrix th.caller')).filter(function (th) { return th.offsetParent !== null; });
              var out = document.createElement('div');
              out.id = 'layout';
              out.setAttribute('data-page-width', document.documentElement.scrollWidth);
              out.setAttribute('data-viewport', window.innerWidth);
              out.setAttribute('data-matrix-right', Math.ceil(matrix.right));
              out.setAttribute('data-last-cell-right', Math.ceil(last.right));
              out.setAttribute('data-visible-callers', visible.map(function (th) { return th.getAttribute('data-caller'); }).join(','));
              out.setAttribute('data-rows', document.querySelectorAll('#matrix tbody tr').length);
              out.setAttribute('data-sections', document.querySelectorAll('h2[id]').length);
              document.body.appendChild(out);
            })();
            </script>
            </body>
            """
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("rls-access-\(UUID().uuidString).html")
        try html.replacingOccurrences(of: "</body>", with: measure).write(to: page, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: page) }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("rls-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        // --no-sandbox: tests run as root, where Chromium's sandbox refuses to start.
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile.path)",
            "--window-size=\(width),900", "--dump-dom", page.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dom = String(decoding: data, as: UTF8.self)
        let element = try #require(
            dom.range(of: #"<div id="layout"[^>]*>"#, options: .regularExpression).map { String(dom[$0]) },
            "chromium exited \(process.terminationStatus) without the measured layout")
        var attributes: [String: String] = [:]
        let pattern = try NSRegularExpression(pattern: #"data-([a-z-]+)="([^"]*)""#)
        for match in pattern.matches(in: element, range: NSRange(element.startIndex..., in: element)) {
            attributes[String(element[Range(match.range(at: 1), in: element)!])] = String(element[Range(match.range(at: 2), in: element)!])
        }
        return Layout(attributes: attributes)
    }

    /// The browser, or an error naming the Debian package: the test fails rather than skips.
    static func chromium() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw BrowserMissing()
    }

    struct BrowserMissing: Error, CustomStringConvertible {
        var description: String {
            "chromium is not installed: install the Debian package `chromium` (apt-get install -y chromium, or run scripts/setup)"
        }
    }

    static var page: String {
        get throws {
            var proof = Example.proven
            proof.migrationVersion = "20261123170422"
            proof.commit = "1a2b3c4d5e6f"
            return try #require(try AccessDocs.pages(for: Example.schema, proof: proof).first { $0.fileName == "access.html" }).contents
        }
    }

    @Test func matrixFitsA1280PixelScreenWithEveryTable() throws {
        let layout = try Self.render(try Self.page, width: 1280)
        #expect(try layout.number("viewport") == 1280)
        #expect(try layout.number("page-width") <= 1280, "the page scrolls sideways at 1280 pixels")
        #expect(try layout.number("last-cell-right") <= 1280, "the service-role columns are cut off at 1280 pixels")
        #expect(layout.attributes["visible-callers"] == "anyone,signedInUser,rowOwner,serviceRole")
        #expect(try layout.number("rows") == Double(Example.schema.tables.count))
        #expect(try layout.number("sections") >= Double(Example.schema.tables.count))
    }

    @Test func pageDoesNotScrollSidewaysAtPhoneWidth() throws {
        // 500 pixels: the narrowest window headless Chromium lays out (it widens smaller ones).
        let layout = try Self.render(try Self.page, width: 500)
        #expect(try layout.number("page-width") <= layout.number("viewport"), "the page scrolls sideways: \(layout.attributes)")
        #expect(try layout.number("matrix-right") > 0)
    }

    @Test func filterShowsOneCaller() throws {
        let layout = try Self.render(try Self.page, width: 1280, filter: "serviceRole")
        #expect(layout.attributes["visible-callers"] == "serviceRole")
    }

    @Test func pageNamesTheMigrationAndTheCommit() throws {
        let html = try Self.page
        #expect(
            html.contains(
                #"<p class="provenance">Proven against migration <code>20261123170422</code><span class="commit">, commit <code>1a2b3c4d5e6f</code></span>.</p>"#
            ))
        let other = html.replacingOccurrences(of: "1a2b3c4d5e6f", with: "ffffffffffff")
        #expect(
            StalePage.compare(path: "Docs/access.html", committed: other, generated: html) == nil,
            "a new commit alone must not make the page stale")
        let otherMigration = html.replacingOccurrences(of: "20261123170422", with: "20261124000000")
        #expect(StalePage.compare(path: "Docs/access.html", committed: otherMigration, generated: html) != nil)
    }
}
