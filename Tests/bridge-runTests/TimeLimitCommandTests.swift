import Foundation
import Testing

/// Runaway scripts through the built CLI: `run` stops them, reports them on stderr with the
/// location JSC gives, and exits with 3; `test` fails the test with its line and goes on.
@Suite struct TimeLimitCommandTests {
    /// Writes `files` into a fresh directory and returns its path.
    func directory(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("runaway-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test(
        "run: while (true) anywhere exits 3 with one clear line", arguments: [
            ("top.js", "console.log('before');\nwhile (true) {}\n", "top.js: script ran longer than the execution time limit (300 ms) and was stopped", "before"),
            ("timer.js", "console.log('before');\nsetTimeout(function () {\n  while (true) {}\n}, 10);\nsetTimeout(function () { console.log('later timer ran'); }, 20);\n",
             "script ran longer than the execution time limit (300 ms) and was stopped", "later timer ran"),
            ("micro.js", "Promise.resolve().then(function () {\n  for (;;) {}\n});\nsetTimeout(function () { console.log('after'); }, 5);\n",
             "micro.js: script ran longer than the execution time limit (300 ms) in a promise callback and was stopped", nil),
            ("page.html", "<html><body>\n<script>\nconsole.log('inline');\nwhile (true) {}\n</script>\n<script>console.log('second script');</script>\n</body></html>\n",
             "page.html (inline script #1): script ran longer than the execution time limit (300 ms) and was stopped", "second script"),
            ("listener.html", "<script>document.addEventListener('DOMContentLoaded', function () {\n  while (true) {}\n});</script>\n<script>window.addEventListener('load', function () { console.log('load ran'); });</script>\n",
             "script ran longer than the execution time limit (300 ms) and was stopped", "load ran"),
        ] as [(String, String, String, String?)])
    func runaway(_ name: String, _ source: String, _ line: String, _ stillPrinted: String?) async throws {
        let dir = try directory([name: source])
        defer { try? FileManager.default.removeItem(at: dir) }
        // The run may last 10 s; any one script only 300 ms: the loop goes on after a stop.
        let r = try await CLI.run(["run", dir.appendingPathComponent(name).path, "--timeout", "10000", "--script-timeout", "300"])
        #expect(r.status == 3, "stdout: \(r.stdout) stderr: \(r.stderr)")
        let errors = r.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 1, "one line per problem: \(errors)")
        #expect(errors.first?.hasPrefix("bridge-run: ") == true)
        #expect(errors.first?.hasSuffix(line) == true, "\(errors)")
        if let stillPrinted { #expect(r.lines.contains(stillPrinted), "the loop went on: \(r.lines)") }
        #expect(r.seconds < 20)
    }

    @Test("run: JS that spins when native code delivers an answer is stopped and the run exits 3")
    func runawayInNativeCallback() async throws {
        // A bridge answer whose JS continuation spins: the delivery is native calling into JS.
        let dir = try directory([
            "cb.js": "bridge.call('user.get', {}).then(function () {\n  while (true) {}\n});\n",
            "mock.json": #"{"user.get": {"result": {"name": "Ada"}, "delayMs": 5}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await CLI.run(["run", dir.appendingPathComponent("cb.js").path, "--timeout", "300", "--mock", dir.appendingPathComponent("mock.json").path])
        #expect(r.status == 3, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("execution time limit"))
    }

    @Test("run: an endless promise chain started after the loop has waited is ended by its CPU time, not at the run's deadline")
    func endlessChainAfterAWait() async throws {
        // Once the loop has waited (a timer), the main actor may run on another thread than the
        // one the process guard started on (libdispatch serves the main queue from pooled threads
        // after dispatch_main): the guard must follow it, or only the 20 s deadline ends the run.
        let dir = try directory(["chain.js": "setTimeout(function () {\n  (function f() { Promise.resolve().then(f); })();\n}, 10);\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await CLI.run(["run", dir.appendingPathComponent("chain.js").path, "--timeout", "20000", "--script-timeout", "300"])
        #expect(r.status == 3, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("in a chain of promise continuations that never returned to the event loop"), "\(r.stderr)")
        #expect(r.seconds < 10, "ended after \(r.seconds) s")
    }

    @Test("test: while (true) in a test fails it with its line; the file stops, the next file runs, exit 1")
    func runawayTest() async throws {
        let dir = try directory([
            "a.test.js": "test('before', () => {});\ntest('spins', () => {\n  while (true) {}\n});\ntest('after', () => {});\n",
            "b.test.js": "test('still runs', () => { expect(1 + 1).toBe(2); });\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await CLI.run(["test", dir.path, "--timeout", "300"])
        #expect(r.status == 1, "stdout: \(r.stdout) stderr: \(r.stderr)")
        #expect(r.stdout.contains("stopped: script ran longer than the execution time limit"), "\(r.stdout)")
        #expect(r.stdout.contains("a.test.js:2"), "the test's line: \(r.stdout)")
        #expect(r.stdout.contains("still runs"))
        #expect(r.lines.last == "2 passed, 1 failed")
    }

    @Test("a short limit does not cut the DOM's or the network's load on first use (JavaScriptCore aborted the process after such a cut)")
    func firstUseLoadsAreNotCut() async throws {
        // About half of the runs ended in SIGABRT (exit 134) once the limit had cut the load.
        let dir = try directory([
            // (Only the loads are long: the rest of each test stays well inside its limit even in a
            // debug build on a loaded machine. The DOM's load takes 40–190 ms.)
            "dom.test.js": "test('dom', () => { document.title = 'x'; expect(document.title).toBe('x'); });\ntest('after', () => {});\n",
            "net.test.js": "test('net', () => { new XMLHttpRequest(); expect(typeof fetch).toBe('function'); });\ntest('after', () => {});\n",
            "spin.test.js": "test('doc', () => { document; });\ntest('spin', () => { const t = Date.now(); while (Date.now() - t < 2000) {} });\n",
        ])
        for attempt in 1...4 {
            let dom = try await CLI.run(["test", "dom.test.js", "--timeout", "30", "--workers", "1"], in: dir)
            #expect(dom.status == 0, "attempt \(attempt): \(dom.stdout) \(dom.stderr)")
            let net = try await CLI.run(["test", "net.test.js", "--timeout", "8", "--workers", "1"], in: dir)
            #expect(net.status == 0, "attempt \(attempt): \(net.stdout) \(net.stderr)")
        }
        // The script that touched the DOM has its limit again after the load.
        let spin = try await CLI.run(["test", "spin.test.js", "--timeout", "100", "--workers", "1"], in: dir)
        #expect(spin.status == 1)
        #expect(spin.stdout.contains("✓ spin.test.js > doc"))
        #expect(spin.stdout.contains("stopped: script ran longer than the execution time limit (100 ms)"), "\(spin.stdout)")
    }
}
