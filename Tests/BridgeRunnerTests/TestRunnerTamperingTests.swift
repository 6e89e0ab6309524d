import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// A test file that replaces built-ins (on purpose, or as an old library does) changes only its
/// own code: every failing expectation still fails, every passing test still passes, and the
/// harness's timers and entry points stay out of its reach.
@MainActor
struct TestRunnerTamperingTests {
    /// One test file: which of its tests must pass and which must fail.
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let source: String
        let passed: [String]
        let failed: [String]
        var testDescription: String { label }
    }

    nonisolated static let cases: [Case] = [
        Case(
            label: "JSON.stringify replaced",
            source: """
                JSON.stringify = () => '{"ok":true}';
                test('fails', () => { expect(1).toBe(2); });
                test('fails too', () => { expect('a').toEqual('b'); });
                test('passes', () => { expect(1).toBe(1); });
                """, passed: ["passes"], failed: ["fails", "fails too"]),
        Case(
            label: "JSON.parse replaced",
            source: """
                JSON.parse = () => ({ ok: true });
                test('fails', () => { expect(1).toBe(2); });
                test('passes', () => { expect(JSON.parse('1')).toEqual({ ok: true }); });
                """, passed: ["passes"], failed: ["fails"]),
        Case(
            label: "Promise.prototype.constructor, Symbol.species and the Promise global replaced, then removed",
            source: """
                test('constructor and species', async () => {
                  Promise.prototype.constructor = function Fake() { throw new Error('fake'); };
                  Object.defineProperty(Promise, Symbol.species, { get() { throw new Error('species'); } });
                  Promise.prototype.then = function (ok) { if (ok) ok(); return this; };
                  await null;
                  expect(1).toBe(2);
                });
                test('then removed', async () => {
                  delete Promise.prototype.then;
                  await null;
                  expect(3).toBe(4);
                });
                test('resolves', async () => { await expect(Promise.resolve(1)).resolves.toBe(2); });
                test('Promise global', async () => {
                  globalThis.Promise = function () {};
                  globalThis.Promise.resolve = () => ({ then(ok) { ok(); } });
                  expect(5).toBe(6);
                });
                test('passes', async () => { await null; expect(1).toBe(1); });
                """, passed: ["passes"], failed: ["constructor and species", "then removed", "resolves", "Promise global"]),
        Case(
            label: "Object.is replaced",
            source: """
                Object.is = () => true;
                test('toBe', () => { expect(1).toBe(2); });
                test('toEqual', () => { expect({ a: 1 }).toEqual({ a: 2 }); });
                test('not', () => { expect(1).not.toBe(1); });
                test('passes', () => { expect(NaN).toBe(NaN); });
                """, passed: ["passes"], failed: ["toBe", "toEqual", "not"]),
        Case(
            label: "Array.prototype methods replaced",
            source: """
                Array.prototype.push = function () { return 0; };
                Array.prototype.map = function () { return []; };
                Array.prototype.join = function () { return ''; };
                Array.prototype.every = function () { return true; };
                Array.prototype.some = function () { return true; };
                Array.prototype.filter = function () { return []; };
                Array.prototype.forEach = function () {};
                Array.prototype.slice = function () { return []; };
                Array.prototype.concat = function () { return []; };
                Array.prototype.indexOf = function () { return -1; };
                Array.prototype.sort = function () { return this; };
                test('toEqual', () => { expect([1, 2]).toEqual([1, 3]); });
                test('toMatchObject', () => { expect([{ a: 1 }]).toMatchObject([{ a: 2 }]); });
                test('arrayContaining', () => { expect([1]).toEqual(expect.arrayContaining([2])); });
                test('toContain', () => { expect([1, 2]).toContain(3); });
                test('passes', () => { expect([1, 2]).toEqual([1, 2]); expect({ b: 1, a: 2 }).toEqual({ a: 2, b: 1 }); });
                """, passed: ["passes"], failed: ["toEqual", "toMatchObject", "arrayContaining", "toContain"]),
        Case(
            label: "Array.prototype[Symbol.iterator] (and Set's, Map's) replaced",
            source: """
                Array.prototype[Symbol.iterator] = function* () {};
                Set.prototype[Symbol.iterator] = function* () {};
                Map.prototype[Symbol.iterator] = function* () {};
                const set = (...xs) => { const s = new Set(); xs.forEach((x) => s.add(x)); return s; };
                describe('group', () => {
                  beforeEach(() => {});
                  test('toContain', () => { expect([1, 2]).toContain(3); });
                  test('toHaveProperty', () => { expect({ a: { b: 1 } }).toHaveProperty(['a', 'c']); });
                  test('sets', () => { expect(set(1, { a: 1 })).toEqual(set(1, { a: 2 })); });
                  test('passes', () => { expect([1, 2]).toContain(2); expect(set(3)).toContain(3); expect(set({ a: 1 })).toEqual(set({ a: 1 })); });
                });
                """, passed: ["group > passes"], failed: ["group > toContain", "group > toHaveProperty", "group > sets"]),
        Case(
            label: "Function.prototype.apply, .call, .bind and Reflect.apply replaced",
            source: """
                Function.prototype.apply = function () { return { pass: true }; };
                Function.prototype.call = function () { return true; };
                Function.prototype.bind = function () { return () => true; };
                Reflect.apply = () => ({ pass: true });
                test('toBe', () => { expect(1).toBe(2); });
                test('timer', (done) => { setTimeout(() => done(new Error('late')), 5); });
                test('passes', () => { expect(2).toBe(2); });
                """, passed: ["passes"], failed: ["toBe", "timer"]),
        Case(
            label: "Object.keys, getPrototypeOf, entries, getOwnPropertyNames replaced",
            source: """
                Object.keys = () => [];
                Object.getPrototypeOf = () => null;
                Object.entries = () => [];
                Object.getOwnPropertyNames = () => [];
                test('toEqual', () => { expect({ a: 1 }).toEqual({ a: 2 }); });
                test('toMatchObject', () => { expect({ a: 1 }).toMatchObject({ a: 2 }); });
                test('objectContaining', () => { expect({ a: 1 }).toEqual(expect.objectContaining({ a: 2 })); });
                test('passes', () => { expect({ a: 1 }).toEqual({ a: 1 }); });
                """, passed: ["passes"], failed: ["toEqual", "toMatchObject", "objectContaining"]),
        Case(
            label: "toJSON added to Array.prototype (Prototype.js style), Object.prototype and String.prototype",
            source: """
                Array.prototype.toJSON = function () { return '[' + this.length + ' items]'; };
                Object.prototype.toJSON = function () { return { ok: true }; };
                String.prototype.toJSON = function () { return 'x'; };
                test('fails', () => { expect({ a: [1] }).toEqual({ a: [2] }); });
                test('throws', () => { throw new Error('boom'); });
                test('passes', () => { expect([1]).toEqual([1]); });
                """, passed: ["passes"], failed: ["fails", "throws"]),
        Case(
            label: "then, getters and setters added to Object.prototype and Array.prototype",
            source: """
                const define = (o, k, d) => Object.defineProperty(o, k, Object.assign(Object.create(null), d));
                define(Object.prototype, 'then', { value(ok) { ok(null); }, writable: true, configurable: true });
                define(Object.prototype, 'pass', { get() { return true; }, configurable: true });
                define(Object.prototype, 'ok', { get() { return true; }, set(v) {}, configurable: true });
                define(Object.prototype, 'e', { get() { return undefined; }, set(v) {}, configurable: true });
                define(Object.prototype, 'not', { get() { return true; }, set(v) {}, configurable: true });
                define(Array.prototype, '0', { get() { return 1; }, set(v) {}, configurable: true });
                define(Array.prototype, '1', { get() { return 1; }, set(v) {}, configurable: true });
                define(Object.prototype, 'get', { value() { return true; }, writable: true, configurable: true });
                test('toBe', () => { expect(1).toBe(2); });
                test('async', async () => { await null; throw new Error('x'); });
                test('passes', () => { expect(1).toBe(1); });
                """, passed: ["passes"], failed: ["toBe", "async"]),
        Case(
            label: "String.prototype.indexOf, includes, split and RegExp.prototype.test, exec replaced",
            source: """
                String.prototype.indexOf = function () { return 0; };
                String.prototype.includes = function () { return true; };
                String.prototype.split = function () { return []; };
                RegExp.prototype.test = function () { return true; };
                RegExp.prototype.exec = function () { return []; };
                test('toMatch string', () => { expect('abc').toMatch('z'); });
                test('toMatch regexp', () => { expect('abc').toMatch(/z/); });
                test('toContain', () => { expect('abc').toContain('z'); });
                test('toThrow', () => { expect(() => { throw new Error('a'); }).toThrow('z'); });
                test('toHaveProperty', () => { expect({ a: 1 }).toHaveProperty('a.b'); });
                test('passes', () => { expect('abc').toMatch(/b/); expect('abc').toContain('c'); });
                """, passed: ["passes"], failed: ["toMatch string", "toMatch regexp", "toContain", "toThrow", "toHaveProperty"]),
        Case(
            label: "Error[Symbol.hasInstance], Date, Map, WeakMap and RegExp accessors replaced",
            source: """
                Object.defineProperty(Error, Symbol.hasInstance, { value: () => true });
                Date.prototype.getTime = () => 0;
                Map.prototype.get = () => 1;
                Map.prototype.has = () => true;
                Object.defineProperty(Map.prototype, 'size', { get: () => 0 });
                WeakMap.prototype.get = () => ({ description: 'x', matches: () => true });
                Object.defineProperty(RegExp.prototype, 'source', { get: () => 'same' });
                test('objects', () => { expect({ a: 1 }).toEqual({ a: 2 }); });
                test('dates', () => { expect(new Date(1)).toEqual(new Date(2)); });
                test('maps', () => { expect(new Map([[1, 1]])).toEqual(new Map([[1, 2]])); });
                test('regexps', () => { expect(/a/).toEqual(/b/); });
                test('passes', () => { expect(new Date(1)).toEqual(new Date(1)); });
                """, passed: ["passes"], failed: ["objects", "dates", "maps", "regexps"]),
        Case(
            label: "the harness's timers and entry points are out of the test file's reach",
            source: """
                const seen = typeof __bridgeInternalTimers;
                test('no internal timers', () => { expect(seen).toBe('undefined'); });
                test('wants internal timers', () => { expect(typeof __bridgeInternalTimers).toBe('object'); });
                test('no entry points', () => {
                  expect(typeof __bridgeTestHarness.start).toBe('undefined');
                  expect(typeof __bridgeTestHarness.invokeMock).toBe('undefined');
                  expect(() => __bridgeTestHarness.plan()).toThrow('already taken');
                });
                test('wants to start tests', () => { __bridgeTestHarness.start(0); });
                """, passed: ["no internal timers", "no entry points"], failed: ["wants internal timers", "wants to start tests"]),
    ]

    @Test("a replaced built-in changes no result", arguments: cases)
    func tampering(_ c: Case) async throws {
        let run = try await runTestSource(c.source)
        for name in c.passed { #expect(run.result(name)?.status == .passed, "\(name) should pass:\n\(run.text)") }
        for name in c.failed { #expect(run.result(name)?.status == .failed, "\(name) should fail:\n\(run.text)") }
        #expect(run.cases.count == c.passed.count + c.failed.count)
        #expect(run.stdout.last == "\(c.passed.count) passed, \(c.failed.count) failed")
        #expect(run.exitCode == 1)
    }

    @Test("Promise.prototype.then replaced in one test: it fails on its expectation, the next test runs and passes")
    func thenReplaced() async throws {
        let run = try await runTestSource(
            """
            test('replaces then', async () => {
              Promise.prototype.then = function () { return this; };
              await null;
              expect('then replaced').toBe('then kept');
            });
            test('still runs', async () => {
              await new Promise((resolve) => setTimeout(resolve, 10));
              expect(await Promise.resolve(2)).toBe(2);
            });
            """)
        let failure = try #require(run.result("replaces then")?.failure)
        #expect(failure.message == "expect(received).toBe(expected)")
        #expect(failure.details.contains("Received: \"then replaced\""))
        #expect(failure.location?.hasSuffix("sample.test.js:4") == true)
        #expect(run.result("still runs")?.status == .passed, "\(run.text)")
        #expect(run.stdout.last == "1 passed, 1 failed")
        #expect(run.exitCode == 1)
    }

    @Test("clearTimeout of every id in a test that never finishes: the test's timeout still fires")
    func clearingEveryTimer() async throws {
        let run = try await runTestSource(
            """
            test('never finishes', () => {
              for (let id = 0; id <= 5000; id++) { clearTimeout(id); clearInterval(id); }
              return new Promise(() => {});
            }, 100);
            test('passes', () => { expect(1).toBe(1); });
            """)
        #expect(run.result("never finishes")?.failure?.message == "Exceeded timeout of 100 ms for a test.")
        #expect(run.result("passes")?.status == .passed)
        #expect(run.stdout.last == "1 passed, 1 failed")
        #expect(run.exitCode == 1)
    }

    @Test("a test that only replaces built-ins still passes, and mocks still answer")
    func innocentPolyfills() async throws {
        let run = try await runTestSource(
            """
            Object.assign = function (t, s) { for (const k in s) t[k] = s[k]; return t; };
            Array.prototype.includes = function (x) { return this.indexOf(x) >= 0; };
            test('mock function', async () => {
              mock('cart.total', (params) => Promise.resolve({ total: params.n * 2 }));
              const answer = await bridge.call('cart.total', { n: 21 });
              expect(answer).toEqual({ total: 42 });
              expect(calls('cart.total')).toEqual([{ n: 21 }]);
            });
            test('mock value', async () => {
              mock('cart.count', 3);
              expect(await bridge.call('cart.count', {})).toBe(4);
            });
            """)
        #expect(run.result("mock function")?.status == .passed, "\(run.text)")
        #expect(run.result("mock value")?.failure?.message == "expect(received).toBe(expected)")
        #expect(run.stdout.last == "1 passed, 1 failed")
    }
}
