import Foundation
import Testing

/// End-to-end capability checks through the built CLI: per-page permissions across an offline
/// navigation, the trace notice without a capability file, legacy URL calls and `test`.
@Suite struct CapabilityCommandTests {
    static let shopArgs = [
        "run", "https://m.example.com/shop/index.html", "--offline", "Examples/offline", "--mock", "Examples/offline/mock.json",
        "--schemas", "Examples/offline/schemas",
    ]

    @Test("shop page: pay.start is PERMISSION_DENIED; pay page: it succeeds; the old page's slow answer never arrives")
    func shopNavigation() async throws {
        let r = try await CLI.run(Self.shopArgs + ["--capabilities", "Examples/offline/capabilities.json", "--trace", "-"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let console = r.errorLines
        #expect(console == [
            "shop pay.start: PERMISSION_DENIED",
            "pay page: /shop/pay.html?order=A1",
            "pay page pay.start: paid",
        ])
        #expect(!r.stdout.contains("late answer"))
        let trace = r.lines.filter { $0.hasPrefix("{") }
        #expect(!trace.contains { $0.contains("\"type\":\"notice\"") && $0.contains("no capability file") })
        // The refusal names the permission and the page.
        #expect(trace.contains { $0.contains("PERMISSION_DENIED") && $0.contains("lacks permission 'payment'") && $0.contains("https://m.example.com/shop/index.html") })
        #expect(trace.contains { $0.contains("navigated to https://m.example.com/shop/pay.html?order=A1 (page generation 2)") })
        // inventory.slow (200 ms) never produces a result: the old page's engine closed with it.
        #expect(!trace.contains { $0.contains("\"type\":\"result\"") && $0.contains("inventory.slow") })
        let navigation = try #require(trace.firstIndex { $0.contains("page generation 2") })
        let afterNavigation = trace[navigation...]
        #expect(!afterNavigation.contains { $0.contains("inventory.slow") }, "nothing for the old page's call after the navigation")
        #expect(afterNavigation.contains { $0.contains("\"type\":\"result\"") && $0.contains("\"status\":\"paid\"") })
    }

    @Test("without a capability file every page may call every action, with a one-line notice in the trace")
    func noCapabilityFileNotice() async throws {
        let r = try await CLI.run(Self.shopArgs + ["--trace", "-"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let notices = r.lines.filter { $0.contains("\"type\":\"notice\"") && $0.contains("no capability file") }
        #expect(notices == [#"{"type":"notice","seq":1,"message":"no capability file: every page may call every action"}"#])
        #expect(!r.stdout.contains("PERMISSION_DENIED"))
        #expect(r.lines.contains { $0.contains("\"type\":\"result\"") && $0.contains("\"status\":\"paid\"") })
        // The notice is for the trace only: plain runs print nothing extra.
        let plain = try await CLI.run(Self.shopArgs)
        #expect(!plain.stdout.contains("capability") && !plain.stderr.contains("capability"))
    }

    /// A local page and test file with a capability file granting `user.profile` to `file:` pages.
    func fixture() throws -> (dir: URL, caps: String, mock: String, schemas: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("caps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let caps = try write("caps.json", #"{"capabilities": [{"id": "local", "pages": ["file://**"], "permissions": ["user.profile"], "deny": ["device.*"]}]}"#)
        let mock = try write("mock.json", #"{"pay.start": {"result": {"status": "paid"}}, "user.get": {"result": {"name": "Ada"}}, "device.scan": {"result": 1}}"#)
        _ = try write("schemas/c.xml", """
            <?xml version="1.0"?>
            <protocol name="c" version="1">
              <action name="pay.start" permission="payment"><param name="orderId" type="string"/></action>
              <action name="user.get" permission="user.profile"/>
              <action name="device.scan"/>
            </protocol>
            """)
        return (dir, caps, mock, dir.appendingPathComponent("schemas").path)
    }

    @Test("legacy URL-protocol calls and message calls are checked the same way (run)")
    func legacyAndMessage() async throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let page = f.dir.appendingPathComponent("page.js").path
        try """
            function payCb(p) { console.log('legacy pay.start:', p.error ? p.error.code : 'ok'); }
            function userCb(p) { console.log('legacy user.get:', p.error ? p.error.code : p.result.name); }
            function go(o) { return 'hybrid://x?parameter=' + encodeURIComponent(JSON.stringify(o)); }
            location.href = go({action: 'pay.start', orderId: 'A1', callback: 'payCb'});
            location.href = go({action: 'user.get', callback: 'userCb'});
            bridge.call('pay.start', {orderId: 'A1'}).then(function () { console.log('message pay.start: ok'); }, function (e) { console.log('message pay.start:', e.code); });
            bridge.call('device.scan', {}).then(function () { console.log('message device.scan: ok'); }, function (e) { console.log('message device.scan:', e.code); });
            bridge.call('user.get', {}).then(function (r) { console.log('message user.get:', r.name); });
            """.write(toFile: page, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", page, "--mock", f.mock, "--schemas", f.schemas, "--capabilities", f.caps])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "legacy pay.start: PERMISSION_DENIED",
            "legacy user.get: Ada",
            "message pay.start: PERMISSION_DENIED",
            "message device.scan: PERMISSION_DENIED",
            "message user.get: Ada",
        ])
        // The same page without the capability file: everything allowed.
        let open = try await CLI.run(["run", page, "--mock", f.mock, "--schemas", f.schemas])
        #expect(open.status == 0)
        #expect(!open.stdout.contains("PERMISSION_DENIED"))
    }

    @Test("bridge-run test --capabilities: test files are file: pages and get their capabilities")
    func testCommand() async throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let test = f.dir.appendingPathComponent("pay.test.js").path
        try """
            test('pay is denied', async () => {
              let code = null;
              try { await bridge.call('pay.start', {orderId: 'A1'}); } catch (e) { code = e.code; }
              expect(code).toBe('PERMISSION_DENIED');
            });
            test('user is allowed', async () => {
              const r = await bridge.call('user.get', {});
              expect(r.name).toBe('Ada');
            });
            """.write(toFile: test, atomically: true, encoding: .utf8)
        let with = try await CLI.run(["test", test, "--mock", f.mock, "--schemas", f.schemas, "--capabilities", f.caps])
        #expect(with.status == 0, "\(with.stdout)\n\(with.stderr)")
        #expect(with.lines.last == "2 passed, 0 failed")
        let without = try await CLI.run(["test", test, "--mock", f.mock, "--schemas", f.schemas])
        #expect(without.status == 1)
        #expect(without.lines.last == "1 passed, 1 failed")
    }

    @Test("a malformed capability file is a usage error (exit 2) naming the file")
    func malformedFile() async throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let bad = f.dir.appendingPathComponent("bad.json").path
        try #"{"capabilities": [{"id": "x", "pages": "file://**"}]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let page = f.dir.appendingPathComponent("p.js").path
        try "console.log('never');".write(toFile: page, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", page, "--capabilities", bad])
        #expect(r.status == 2)
        #expect(r.stderr.contains(bad) && r.stderr.contains("must be a list of strings"), "\(r.stderr)")
        #expect(!r.stdout.contains("never"))
    }
}
