import Foundation
import Testing

/// When an `.html` run is done: loaded and quiet (only intervals pending) for --settle, or when
/// --wait-for holds; a `.js` run keeps Node's rule.
@Suite struct PageDoneTests {
    static let page = """
        <body><p id="s">start</p><script>
        setInterval(() => {}, 50);
        setTimeout(() => { document.getElementById('s').textContent = 'later'; console.log('one-shot done'); }, 200);
        bridge.call('user.get', {}).then((u) => console.log('answered', u.name));
        </script></body>
        """

    func write(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("done-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aPageWithAPollingIntervalIsDoneOnceQuiet() async throws {
        let page = try write("poll.html", Self.page)
        let r = try await CLI.run(["run", page, "--mock", "Examples/page/mock.json", "--virtual-time", "--timeout", "20000"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["answered Ada", "one-shot done"])
        #expect(r.stderr.isEmpty)
    }

    @Test func theSameScriptAsJSRunsUntilTheTimeLimit() async throws {
        let script = try write("poll.js", "setInterval(() => {}, 50); console.log('started');")
        let r = try await CLI.run(["run", script, "--timeout", "300"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("still pending: 1 timer"), "\(r.stderr)")
    }

    @Test func waitForEndsTheRunWhenTheConditionHolds() async throws {
        let page = try write("poll.html", Self.page)
        let r = try await CLI.run([
            "run", page, "--mock", "Examples/page/mock.json", "--settle", "60000", "--timeout", "20000",
            "--wait-for", "document.getElementById('s').textContent === 'later'",
        ])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["answered Ada", "one-shot done"])
    }

    @Test func aSettlePeriodLongerThanTheLimitIsATimeLimit() async throws {
        let page = try write("poll.html", Self.page)
        let r = try await CLI.run(["run", page, "--mock", "Examples/page/mock.json", "--settle", "60000", "--timeout", "800"])
        #expect(r.status == 3, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("run did not finish within 800 ms"), "\(r.stderr)")
    }

    @Test func aPageWithNothingPendingIsDoneWithoutWaitingOutTheSettlePeriod() async throws {
        // No interval, no timer, no call left: nothing can happen during a settle period, so a
        // settle longer than the time limit does not make it one (exit 3 when it was waited out).
        let page = try write("still.html", """
            <body><p id="s">start</p><script>
            setTimeout(() => { document.getElementById('s').textContent = 'later'; console.log('one-shot done'); }, 20);
            bridge.call('user.get', {}).then((u) => console.log('answered', u.name));
            </script></body>
            """)
        let r = try await CLI.run(["run", page, "--mock", "Examples/page/mock.json", "--settle", "60000", "--timeout", "5000"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["answered Ada", "one-shot done"])
    }

    @Test(arguments: [(["--settle", "-1"], "--settle needs"), (["--wait-for", "  "], "--wait-for needs")] as [([String], String)])
    func badOptionsAreUsageErrors(args: [String], message: String) async throws {
        let r = try await CLI.run(["run", "x.html"] + args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
