import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// `mock()`, `calls()` and the `--mock` fixture.
@MainActor
struct TestRunnerMockTests {
    static let fixture = """
        {"user.get": {"result": {"name": "fixture"}},
         "pay.start": {"error": {"code": "DENIED", "message": "no money"}},
         "slow.op": {"result": 1, "delayMs": 50}}
        """

    @Test("per-test mock wins over the file mock, which wins over the fixture; test mocks end with the test")
    func precedence() async throws {
        let run = try await runTestSource(
            """
            mock('device.info', { model: 'file-level' });
            test('fixture', async () => {
              expect(await bridge.call('user.get')).toEqual({ name: 'fixture' });
              await expect(bridge.call('pay.start')).rejects.toMatchObject({ code: 'DENIED', message: 'no money' });
              expect(await bridge.call('slow.op')).toBe(1);
            });
            test('per test', async () => {
              mock('user.get', { name: 'test' });
              mock('device.info', { model: 'test-level' });
              expect(await bridge.call('user.get')).toEqual({ name: 'test' });
              expect(await bridge.call('device.info')).toEqual({ model: 'test-level' });
            });
            test('back to file and fixture mocks', async () => {
              expect(await bridge.call('user.get')).toEqual({ name: 'fixture' });
              expect(await bridge.call('device.info')).toEqual({ model: 'file-level' });
            });
            """, mock: Self.fixture)
        #expect(run.cases.map(\.status) == [.passed, .passed, .passed], "\(run.text)")
    }

    @Test("mock specs: a value, {result, delayMs}, {error}, and functions that return, resolve or throw")
    func specs() async throws {
        let run = try await runTestSource(
            """
            test('specs', async () => {
              mock('a', [1, 2]);
              mock('b', { result: { result: 'nested' }, delayMs: 100 });
              mock('c', { error: { code: 'NOPE', message: 'refused', details: { why: 'x' } } });
              mock('d', (params, method) => ({ echo: params.v, method }));
              mock('e', async (params) => { await null; return params.v * 2; });
              mock('f', () => { throw { code: 'CUSTOM', message: 'thrown object' }; });
              mock('g', () => { throw new Error('plain'); });
              mock('h', undefined);
              const started = performance.now();
              expect(await bridge.call('a')).toEqual([1, 2]);
              expect(await bridge.call('b')).toEqual({ result: 'nested' });
              expect(performance.now() - started).toBeGreaterThanOrEqual(100);
              await expect(bridge.call('c')).rejects.toMatchObject({ code: 'NOPE', message: 'refused', details: { why: 'x' } });
              expect(await bridge.call('d', { v: 5 })).toEqual({ echo: 5, method: 'd' });
              expect(await bridge.call('e', { v: 5 })).toBe(10);
              await expect(bridge.call('f')).rejects.toMatchObject({ code: 'CUSTOM', message: 'thrown object' });
              await expect(bridge.call('g')).rejects.toMatchObject({ code: 'HANDLER_ERROR', message: 'plain' });
              expect(await bridge.call('h')).toBeNull();
            });
            test('bad mocks throw at once', () => {
              expect(() => mock('x')).toThrow('give the result');
              expect(() => mock('', 1)).toThrow('non-empty');
              expect(() => mock('x', { error: { message: 'no code' } })).toThrow('error must be');
              const cyclic = {}; cyclic.self = cyclic;
              expect(() => mock('x', cyclic)).toThrow('cannot be sent as JSON');
            });
            """)
        #expect(run.cases.map(\.status) == [.passed, .passed], "\(run.text)")
    }

    @Test("calls() records each call of the current test in order, mocked or not")
    func recordedCalls() async throws {
        let run = try await runTestSource(
            """
            test('records', async () => {
              mock('track', null);
              bridge.post('track', { n: 1 });
              webkit.messageHandlers.bridge.postMessage({ method: 'track', params: { n: 2 } });
              await bridge.call('missing', { x: 1 }).catch(() => {});
              expect(calls('track')).toEqual([{ n: 1 }, { n: 2 }]);
              expect(calls('missing')).toEqual([{ x: 1 }]);
              expect(calls()).toEqual([
                { method: 'track', params: { n: 1 } },
                { method: 'track', params: { n: 2 } },
                { method: 'missing', params: { x: 1 } },
              ]);
            });
            test('fresh per test', () => { expect(calls()).toEqual([]); });
            """)
        #expect(run.cases.map(\.status) == [.passed, .passed], "\(run.text)")
    }

    @Test("a bad fixture is a file error (exit 2)")
    func badFixture() async throws {
        let run = try await runTestSource("test('t', () => {});", mock: #"{"x": {"answer": 1}}"#)
        #expect(run.exitCode == 2)
        #expect(run.stderr.first?.contains("unknown key \"answer\"") == true)
    }
}
