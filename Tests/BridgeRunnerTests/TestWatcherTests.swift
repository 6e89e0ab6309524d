import Testing
@testable import BridgeTestRunner

/// Which test files a change re-runs in `--watch`.
@Suite struct TestWatcherAffectedTests {
    let deps: [String: Set<String>] = [
        "/p/a.test.js": ["/p/a.test.js", "/p/page.html", "/p/lib/cart.ts"],
        "/p/b.test.js": ["/p/b.test.js", "/p/lib/cart.ts"],
        "/p/gone.test.js": ["/p/gone.test.js"],
    ]
    let tests = ["/p/a.test.js", "/p/b.test.js", "/p/new.test.js"]

    @Test("a test file runs itself; a file tests read runs those; a removed test nothing; anything else all")
    func affected() {
        #expect(TestWatcher.affected(changed: ["/p/b.test.js"], tests: tests, dependencies: deps) == ["/p/b.test.js"])
        #expect(TestWatcher.affected(changed: ["/p/new.test.js"], tests: tests, dependencies: deps) == ["/p/new.test.js"])
        #expect(TestWatcher.affected(changed: ["/p/page.html"], tests: tests, dependencies: deps) == ["/p/a.test.js"])
        #expect(TestWatcher.affected(changed: ["/p/lib/cart.ts"], tests: tests, dependencies: deps) == ["/p/a.test.js", "/p/b.test.js"])
        #expect(TestWatcher.affected(changed: ["/p/gone.test.js"], tests: tests, dependencies: deps) == [])
        #expect(TestWatcher.affected(changed: ["/p/page.html", "/p/schemas/app.xml"], tests: tests, dependencies: deps) == nil)
    }
}
