import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// `describe` nesting, hooks, `skip`/`only`, `done` callbacks, async tests, output format.
@MainActor
struct TestRunnerStructureTests {
    @Test("hooks run outer to inner (after hooks inner to outer), beforeAll/afterAll once per describe")
    func hookOrder() async throws {
        let run = try await runTestSource(
            """
            const log = [];
            beforeAll(() => log.push('all'));
            beforeEach(() => log.push('each'));
            afterEach(() => log.push('/each'));
            describe('outer', () => {
              beforeAll(() => log.push('outer all'));
              beforeEach(() => log.push('outer each'));
              afterEach(() => log.push('/outer each'));
              afterAll(() => log.push('/outer all'));
              test('one', () => log.push('one'));
              describe('inner', () => {
                beforeEach(async () => { await null; log.push('inner each'); });
                test('two', () => log.push('two'));
              });
            });
            test('check', () => {
              expect(log).toEqual([
                'all', 'outer all', 'each', 'outer each', 'one', '/outer each', '/each',
                'each', 'outer each', 'inner each', 'two', '/outer each', '/each', '/outer all',
                'each',
              ]);
            });
            """)
        #expect(run.cases.map(\.name) == ["outer > one", "outer > inner > two", "check"])
        #expect(run.cases.map(\.status) == [.passed, .passed, .passed], "\(run.text)")
    }

    @Test("skip, only and todo; the counts line mentions skipped tests only when there are some")
    func skipAndOnly() async throws {
        let run = try await runTestSource(
            """
            test('a', () => {});
            test.only('b', () => {});
            describe.only('group', () => {
              it('c', () => {});
              it.skip('d', () => {});
            });
            test.todo('e');
            """)
        #expect(run.cases.map(\.status) == [.skipped, .passed, .passed, .skipped, .skipped])
        #expect(run.stdout.last == "2 passed, 0 failed, 3 skipped")
        #expect(run.stdout.contains { $0.hasPrefix("○ ") && $0.hasSuffix("> a (skipped)") })
        #expect(run.exitCode == 0)

        let plain = try await runTestSource("test('a', () => {});")
        #expect(plain.stdout.last == "1 passed, 0 failed")
        #expect(plain.stdout.first?.hasPrefix("✓ ") == true)
        #expect(plain.stdout.first?.contains("sample.test.js > a (") == true)
        #expect(plain.stdout.first?.hasSuffix(" ms)") == true)
    }

    @Test("async tests, done callbacks and timers; timers a test leaves are cleared when it ends")
    func asyncAndDone() async throws {
        let run = try await runTestSource(
            """
            let fired = 0;
            test('async', async () => {
              const v = await new Promise((r) => setTimeout(() => r(7), 1000));
              expect(v).toBe(7);
            });
            test('done', (done) => { setTimeout(() => { fired++; done(); }, 10); });
            test('done with error', (done) => { setTimeout(() => done(new Error('late failure')), 10); });
            test('leaves a timer', () => { setTimeout(() => { fired += 100; }, 50); setInterval(() => { fired += 1000; }, 5); });
            test('the leftover timers never fire', async () => {
              await new Promise((r) => setTimeout(r, 200));
              expect(fired).toBe(1);
            });
            """)
        #expect(run.cases.map(\.status) == [.passed, .passed, .failed, .passed, .passed], "\(run.text)")
        #expect(run.result("done with error")?.failure?.message == "Error: late failure")
        #expect(run.exitCode == 1)
    }

    @Test("a test file has the web APIs of a .js run at first use: URL, TextEncoder, atob, structuredClone, crypto, a blank document")
    func webGlobals() async throws {
        // They were undefined: a unit test of code that builds a URL or encodes text failed
        // with a ReferenceError that node --test or a jsdom environment would not give.
        let run = try await runTestSource(
            """
            test('apis', () => {
              expect(new URL('b?x=1', 'https://a.example/dir/').href).toBe('https://a.example/dir/b?x=1');
              expect(new URLSearchParams('a=1&b=2').get('b')).toBe('2');
              expect(btoa('hi')).toBe('aGk=');
              expect(atob('aGk=')).toBe('hi');
              expect(Array.from(new TextEncoder().encode('é'))).toEqual([195, 169]);
              expect(structuredClone({ a: [1] })).toEqual({ a: [1] });
              expect(typeof crypto.getRandomValues).toBe('function');
              expect(typeof navigator.userAgent).toBe('string');
            });
            test('a spy on a navigator getter, as with Jest and jsdom', () => {
              const spy = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('UA');
              expect(navigator.userAgent).toBe('UA');
              spy.mockRestore();
              expect(navigator.userAgent).not.toBe('UA');
            });
            test('a blank document', () => {
              document.body.innerHTML = '<p id=x>hi</p>';
              expect(document.getElementById('x').textContent).toBe('hi');
              expect(location.protocol).toBe('file:');
            });
            """)
        #expect(run.cases.map(\.status) == [.passed, .passed, .passed], "\(run.text)")
    }

    @Test("tests run in order; console output is printed as it happens")
    func orderAndConsole() async throws {
        let run = try await runTestSource(
            """
            test('first', () => console.log('in first'));
            test('second', () => console.log('in second'));
            """)
        #expect(run.stdout.count == 7, "\(run.stdout)")
        #expect(run.stdout[0] == "in first")
        #expect(run.stdout[1].contains("> first ("))
        #expect(run.stdout[2] == "in second")
        #expect(run.stdout[3].contains("> second ("))
        #expect(run.stdout[4] == "")
        #expect(run.stdout[5].hasPrefix("Time: ") && run.stdout[5].hasSuffix(" ms, 1 file"), "\(run.stdout[5])")
        #expect(run.stdout[6] == "2 passed, 0 failed")
        // Each test keeps its own console lines (JUnit system-out, the JSON reporter).
        #expect(run.cases.map(\.output) == [["in first"], ["in second"]])
    }

    @Test("misuse reads clearly: test inside a test, async describe, a file without tests")
    func misuse() async throws {
        let nested = try await runTestSource("test('outer', () => { test('inner', () => {}); });")
        #expect(nested.result("outer")?.failure?.message.contains("must be called while the file loads") == true)

        let asyncDescribe = try await runTestSource("describe('d', async () => { test('t', () => {}); });")
        #expect(asyncDescribe.cases.first?.isFileLevel == true)
        #expect(asyncDescribe.cases.first?.failure?.message.contains("returned a promise") == true)

        let empty = try await runTestSource("const nothing = 1;")
        #expect(empty.exitCode == 1)
        #expect(empty.cases.first?.failure?.message.hasPrefix("no tests in") == true)
    }

    @Test("a lone surrogate in a name or an error's message is shown as U+FFFD; the file's tests still run")
    func loneSurrogatesInNamesAndMessages() async throws {
        let run = try await runTestSource(
            """
            test('fine', () => { expect(1).toBe(1); });
            describe('group \\uDFFF', () => {
              test('second \\uD800', () => { expect(1).toBe(2); });
            });
            test('thrown', () => { throw new Error('msg \\uDC00'); });
            test('compared', () => { expect('a\\uD800').toBe('b'); });
            """)
        #expect(run.cases.map(\.name) == ["fine", "group \u{FFFD} > second \u{FFFD}", "thrown", "compared"], "\(run.text)")
        #expect(run.cases.map(\.status) == [.passed, .failed, .failed, .failed])
        #expect(run.cases[2].failure?.message == "Error: msg \u{FFFD}")
        // (A received string is printed as JSON text, where the lone surrogate is an escape.)
        #expect(run.cases[3].failure?.details.contains("Received: \"a\\ud800\"") == true, "\(run.cases[3].failure.map { [$0.message] + $0.details } ?? [])")
        #expect(!run.text.contains("unreadable"))
    }
}
