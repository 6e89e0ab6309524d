import Testing
@testable import BridgeTestRunner
@testable import BridgeSupport

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

/// What a watched run records as a test file's dependencies.
@MainActor
@Suite struct TestWatcherDependencyTests {
    @Test("the scripts of a loaded page count: parsed, deferred, inserted later, in a subfolder")
    func scriptsOfLoadedPagesAreDependencies() async throws {
        let dir = try TestDirectory()
        try dir.write("app.js", "window.appRan = true;")
        try dir.write("lib/late.js", "window.lateRan = true;")
        try dir.write("lib/inserted.js", "window.insertedRan = true;")
        try dir.write("page.html", """
            <!doctype html><html><body><script src="app.js"></script><script defer src="lib/late.js"></script>
            <script>const s = document.createElement('script'); s.src = 'lib/inserted.js'; document.body.appendChild(s);</script></body></html>
            """)
        try dir.write("unused.js", "window.never = true;")
        let test = try dir.write("page.test.js", """
            test('loads', async () => {
              const page = await loadPage('page.html');
              expect(page.window.appRan && page.window.lateRan && page.window.insertedRan).toBe(true);
            });
            """)
        var options = TestOptions(paths: [test], virtualTime: true)  // no real-time limit to miss under load
        options.watch = true  // `execute` runs once (the watch loop is `run`'s) and records the dependencies
        let run = await captureTestRun(options)
        #expect(run.summary.passed == 1, "\(run.stdout) \(run.stderr)")
        let deps = Set(run.summary.files.first?.dependencies ?? [])
        for name in ["page.test.js", "page.html", "app.js", "lib/late.js", "lib/inserted.js"] {
            #expect(deps.contains(PathText.absolute(dir.path + "/" + name)), "\(name) in \(deps.sorted())")
        }
        #expect(!deps.contains(PathText.absolute(dir.path + "/unused.js")))
    }
}
