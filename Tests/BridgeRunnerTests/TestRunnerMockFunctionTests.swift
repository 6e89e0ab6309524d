import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner

/// `vi.fn()`, `vi.spyOn()` and the mock matchers.
@MainActor
struct TestRunnerMockFunctionTests {
    @Test("vi.fn records calls, results, instances and contexts; implementations in order")
    func recording() async throws {
        let run = try await runTestSource(
            """
            test('calls and results', () => {
              const f = vi.fn((a, b) => a + b);
              expect(f(1, 2)).toBe(3);
              f.call('ctx', 5, 5);
              expect(f.mock.calls).toEqual([[1, 2], [5, 5]]);
              expect(f.mock.results).toEqual([{ type: 'return', value: 3 }, { type: 'return', value: 10 }]);
              expect(f.mock.contexts[1]).toBe('ctx');
              expect(f.mock.lastCall).toEqual([5, 5]);
              expect(f.mock.invocationCallOrder[0]).toBeLessThan(f.mock.invocationCallOrder[1]);
              const boom = vi.fn(() => { throw new TypeError('no'); });
              expect(() => boom()).toThrow('no');
              expect(boom.mock.results[0].type).toBe('throw');
              function Point(x) { this.x = x; }
              const P = vi.fn(Point);
              const p = new P(4);
              expect(p.x).toBe(4);
              expect(P.mock.instances[0]).toBe(p);
            });
            test('once implementations first, then the default; return values and promises', async () => {
              const f = vi.fn().mockReturnValue('default').mockReturnValueOnce('first').mockImplementationOnce(() => 'second');
              expect([f(), f(), f(), f()]).toEqual(['first', 'second', 'default', 'default']);
              const g = vi.fn().mockResolvedValueOnce(1).mockResolvedValue(2);
              expect(await g()).toBe(1);
              expect(await g()).toBe(2);
              const h = vi.fn().mockRejectedValueOnce(new Error('down'));
              await expect(h()).rejects.toThrow('down');
              const self = { m: vi.fn().mockReturnThis() };
              expect(self.m()).toBe(self);
              expect(vi.fn()()).toBe(undefined);
            });
            test('clear, reset, restore', () => {
              const f = vi.fn(() => 'orig').mockReturnValue('changed');
              f();
              f.mockClear();
              expect(f.mock.calls).toEqual([]);
              expect(f()).toBe('changed');
              f.mockReset();
              expect(f.mock.calls).toEqual([]);
              expect(f()).toBe('orig');
              expect(f.getMockName()).toBe('vi.fn()');
              expect(f.mockName('saver').getMockName()).toBe('saver');
              expect(vi.isMockFunction(f)).toBe(true);
              expect(vi.isMockFunction(() => {})).toBe(false);
              expect(jest.fn).toBe(vi.fn);
            });
            test('a test changing mock.calls cannot change what the matchers see', () => {
              const f = vi.fn();
              f(1);
              f.mock.calls.length = 0;
              f.mock.calls.push = null;
              expect(f).toHaveBeenCalledTimes(1);
              f(2);
              expect(f.mock.calls).toEqual([[1], [2]]);
            });
            """)
        #expect(run.cases.map(\.status) == [.passed, .passed, .passed, .passed], "\(run.text)")
    }

    @Test("spyOn calls through, can be changed, is restored when the test ends or by restoreAllMocks")
    func spies() async throws {
        let run = try await runTestSource(
            """
            const api = {
              greet(name) { return 'hi ' + name; },
              get mode() { return 'live'; },
            };
            const fileSpy = vi.spyOn(console, 'warn');
            test('spy calls through and records', () => {
              const s = vi.spyOn(api, 'greet');
              expect(api.greet('ada')).toBe('hi ada');
              expect(s).toHaveBeenCalledWith('ada');
              s.mockImplementation(() => 'mocked');
              expect(api.greet('x')).toBe('mocked');
              expect(vi.spyOn(api, 'greet')).toBe(s);
            });
            test('restored after the test', () => {
              expect(vi.isMockFunction(api.greet)).toBe(false);
              expect(api.greet('bo')).toBe('hi bo');
            });
            test('getters, mockRestore, restoreAllMocks', () => {
              const g = vi.spyOn(api, 'mode', 'get').mockReturnValue('test');
              expect(api.mode).toBe('test');
              expect(g).toHaveBeenCalledTimes(1);
              g.mockRestore();
              expect(api.mode).toBe('live');
              console.warn('careful');
              expect(fileSpy).toHaveBeenCalledWith('careful');
              vi.restoreAllMocks();
              expect(vi.isMockFunction(console.warn)).toBe(false);
            });
            test('bad spies read clearly', () => {
              expect(() => vi.spyOn(api, 'nothing')).toThrow('the object has no such property');
              expect(() => vi.spyOn({ n: 1 }, 'n')).toThrow('the property is not a function but 1');
              expect(() => vi.spyOn(null, 'x')).toThrow('give an object');
              expect(() => vi.spyOn(Object.freeze({ f() {} }), 'f')).toThrow('not configurable');
            });
            """)
        #expect(run.cases.map(\.status) == [.passed, .passed, .passed, .passed], "\(run.text)")
        #expect(run.stdout.contains("careful"), "the spy called through to console.warn")
    }

    @Test(
        "mock matchers pass and fail as Jest's do",
        arguments: [
            ("f(1)", "expect(f).toHaveBeenCalled()", true),
            ("", "expect(f).toHaveBeenCalled()", false),
            ("", "expect(f).not.toHaveBeenCalled()", true),
            ("f(1); f(2)", "expect(f).toHaveBeenCalledTimes(2)", true),
            ("f(1)", "expect(f).toHaveBeenCalledTimes(2)", false),
            ("f(1, {a: [2]})", "expect(f).toHaveBeenCalledWith(1, {a: [2]})", true),
            ("f(1, {a: [2]})", "expect(f).toHaveBeenCalledWith(1, {a: [3]})", false),
            ("f(1, 'x')", "expect(f).toHaveBeenCalledWith(expect.any(Number), expect.stringContaining('x'))", true),
            ("f(1); f(2)", "expect(f).toHaveBeenLastCalledWith(2)", true),
            ("f(1); f(2)", "expect(f).toHaveBeenLastCalledWith(1)", false),
            ("f(1); f(2)", "expect(f).toHaveBeenNthCalledWith(1, 1)", true),
            ("f(1); f(2)", "expect(f).toHaveBeenNthCalledWith(3, 1)", false),
            ("f(1)", "expect(f).toHaveReturnedWith(2)", true),
            ("f(1)", "expect(f).toHaveReturnedWith(3)", false),
            ("f(1); f(5)", "expect(f).toHaveLastReturnedWith(6)", true),
            ("f(1); f(5)", "expect(f).toHaveNthReturnedWith(1, 2)", true),
            ("f(1)", "expect(f).toHaveReturnedTimes(1)", true),
            ("f(1)", "expect(f).toBeCalledWith(1)", true),
            ("f(1)", "expect(f).lastCalledWith(2)", false),
            ("f(1)", "expect(() => 1).toHaveBeenCalled()", false),
        ] as [(String, String, Bool)])
    func matchers(calls: String, assertion: String, passes: Bool) async throws {
        let run = try await runTestSource("test('m', () => { const f = vi.fn((n) => n + 1); \(calls); \(assertion); });")
        #expect(run.result("m")?.status == (passes ? .passed : .failed), "\(assertion)\n\(run.text)")
    }

    @Test("a failed call matcher lists the calls; a non-mock is a matcher error")
    func failureText() async throws {
        let run = try await runTestSource(
            """
            test('with', () => {
              const save = vi.fn().mockName('save');
              save('a', 1);
              save({ id: 2 });
              expect(save).toHaveBeenCalledWith('b');
            });
            test('not a mock', () => { expect(() => {}).toHaveBeenCalled(); });
            test('printed', () => { expect({ cb: vi.fn().mockName('cb') }).toEqual({ cb: 1 }); });
            """)
        let with = try #require(run.result("with")?.failure)
        #expect(with.message == "expect(received).toHaveBeenCalledWith(...expected)")
        #expect(with.details == ["", "Expected: a call (\"b\")", "Received: 2 calls", "          1: (\"a\", 1)", "          2: ({", "            \"id\": 2", "          })"])
        let notMock = try #require(run.result("not a mock")?.failure)
        #expect(notMock.details.contains("Matcher error: received value must be a mock or spy function (vi.fn(), vi.spyOn())"), "\(notMock.details)")
        let printed = try #require(run.result("printed")?.failure)
        #expect(printed.details.contains("+   \"cb\": [MockFunction cb]"), "\(printed.details)")
    }
}

/// The extensions (mocks, fake timers, snapshots) keep the harness's rule: built-ins a test
/// file replaces change only its own code.
@MainActor
struct TestRunnerExtensionTamperingTests {
    @Test("spies work and restore when Object.prototype has get, set and value")
    func descriptorFields() async throws {
        let run = try await runTestSource(
            """
            const api = { m() { return 'real'; } };
            Object.prototype.get = function () { return 'page getter'; };
            Object.prototype.value = 'page value';
            Object.prototype.set = undefined;
            test('spy and restore', () => {
              const s = vi.spyOn(api, 'm').mockReturnValue('spied');
              expect(api.m()).toBe('spied');
              s.mockRestore();
              expect(api.m()).toBe('real');
              expect(vi.isMockFunction(api.m)).toBe(false);
            });
            """)
        #expect(run.result("spy and restore")?.status == .passed, "\(run.text)")
    }

    @Test("vi.fn, spies, fake timers and snapshots judge correctly after the file replaced built-ins")
    func tampered() async throws {
        let dir = try TestDirectory()
        let file = try dir.write(
            "tamper.test.js",
            """
            const keep = { log: console.log };
            Array.prototype.push = function () { throw new Error('push'); };
            Array.prototype.map = function () { throw new Error('map'); };
            Array.prototype.join = function () { return 'joined'; };
            Object.defineProperty(Array.prototype, '0', { set(v) { throw new Error('index setter'); }, configurable: true });
            Object.keys = () => [];
            JSON.stringify = () => '"x"';
            Reflect.apply = () => 'reflect';
            Reflect.construct = () => ({});
            Function.prototype.apply = function () { return 'apply'; };
            Map.prototype.get = () => 99;
            WeakMap.prototype.get = () => undefined;
            Promise.resolve = () => ({ then() {} });
            test('a mock still records and its matchers still fail', () => {
              const f = vi.fn((n) => n * 2);
              expect(f(2)).toBe(4);
              expect(f).toHaveBeenCalledWith(3);
            });
            test('a mock still passes', () => {
              const f = vi.fn((n) => n * 2);
              f(2);
              expect(f).toHaveBeenCalledWith(2);
              expect(f).toHaveReturnedWith(4);
            });
            test('fake timers still fire in order', () => {
              vi.useFakeTimers({ now: 0 });
              let log = '';
              setTimeout(() => { log += 'b'; }, 20);
              setTimeout(() => { log += 'a'; }, 10);
              vi.advanceTimersByTime(30);
              expect(log).toBe('ab');
              expect(log).toBe('ba');
            });
            test('snapshots still serialise every key', () => {
              expect({ b: 1, a: [1, 2] }).toMatchSnapshot();
            });
            """)
        let run = await captureTestRun(TestOptions(paths: [file], virtualTime: true))
        #expect(run.cases.map(\.status) == [.failed, .passed, .failed, .passed], "\(run.text)")
        #expect(run.result("fake timers still fire in order")?.failure?.details == ["", "Expected: \"ba\"", "Received: \"ab\""])
        let snap = try String(contentsOfFile: dir.path + "/__snapshots__/tamper.test.js.snap", encoding: .utf8)
        #expect(snap.contains("exports[`snapshots still serialise every key 1`] = `\n{\n  \"a\": [\n    1,\n    2,\n  ],\n  \"b\": 1,\n}\n`;"), "\(snap)")
    }
}
