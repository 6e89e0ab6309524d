import ScriptEngine

/// The JS side of `bridge-run test`, evaluated in each test file's engine after the prelude and
/// before the file.
///
/// It defines the globals `test`/`it` (with `.skip`, `.only`, `.todo`), `describe` (with
/// `.skip`, `.only`), `beforeAll`/`afterAll`/`beforeEach`/`afterEach` (scoped to the enclosing
/// describe), `expect`, `mock(method, value | fn)` and `calls(method)`; its extensions add
/// `vi`/`jest` and the mock and snapshot matchers (docs/testing.md).
///
/// Protocol with native code:
/// - loading the file collects tests; `__bridgeTestHarness.plan()` (evaluated once) ends
///   collection and returns `[{name, skip, todo, budget, definedAt}]` (`budget`: ms the test and
///   all its hooks may take together; `definedAt`: the stack where `test()` was called);
/// - `__bridgeTestHarness.start(index)` runs a test; when it is done the harness calls the
///   native `report` with `{ok: true}` or `{ok: false, failure}` (see
///   `TestFailure(harness:sourceURL:)`);
/// - mocks and recorded calls live in native code (`TestSession`); a mock function is called back
///   through `__bridgeTestHarness.invokeMock(fnId, requestId, params, method)`.
///
/// `start` and `invokeMock` can be read once, by native code right after the harness loads;
/// `plan()` runs once. The harness captures every built-in it uses before the test file runs and
/// keeps its own data prototype-free, so a file that replaces `JSON.stringify`,
/// `Promise.prototype.then` or `Object.is` cannot change a test's verdict; its per-test timers
/// come from the prelude's `__bridgeInternalTimers`, which `clearTimeout` cannot reach.
///
/// Timers a test starts (through `setTimeout`/`setInterval`) are cleared when it ends, so one
/// test's leftovers never fire in the next. Each test, hook and `done` callback has a timeout
/// (third argument of `test`, second of a hook; default `--timeout`).
///
/// Extensions (`JS/bridge-test-*.js`) run right after the harness, each a function over the
/// harness's kit (`__bridgeTestKit`: its printing, equality, matcher table, test lifecycle and
/// the `vi` object they fill): mock functions and spies, fake timers, snapshots. Then
/// `__bridgeTestKit.finish()` publishes `vi`/`jest` and removes the kit and the native object.
enum TestHarness {
    /// The name harness frames carry in stacks.
    static let sourceURL = "bridge-test-harness.js"

    /// The core harness (`JS/bridge-test-harness.js`, embedded at build time): one function over
    /// the native object and the global object, run at once. Its `expect` part provides the
    /// matchers, `.not`, `.resolves`/`.rejects`, asymmetric matchers and value printing.
    /// Prepared once for every test file's engine.
    static let source = ScriptSource(EmbeddedJS.bridgeTestHarness)

    /// The harness's extensions in load order, with the names their frames carry.
    static let extensions: [(sourceURL: String, source: ScriptSource)] = [
        ("bridge-test-mocks.js", ScriptSource(EmbeddedJS.bridgeTestMocks)),
        ("bridge-test-timers.js", ScriptSource(EmbeddedJS.bridgeTestTimers)),
        ("bridge-test-snapshots.js", ScriptSource(EmbeddedJS.bridgeTestSnapshots)),
        ("bridge-test-pages.js", ScriptSource(EmbeddedJS.bridgeTestPages)),
    ]

    /// Evaluated after the last extension: publishes `vi`/`jest`, removes the kit.
    static let finish = ScriptSource("__bridgeTestKit.finish()")
}
