import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// Every matcher, passing and failing, with `.not`, `.resolves` and `.rejects`.
@MainActor
struct TestRunnerMatcherTests {
    /// (test body, whether the test passes)
    nonisolated static let table: [(String, Bool)] = [
        ("expect(1 + 1).toBe(2)", true),
        ("expect({a: 1}).toBe({a: 1})", false),
        ("expect(NaN).toBe(NaN)", true),
        ("expect(0).toBe(-0)", false),
        ("expect({a: 1, b: [1, {c: 2}]}).toEqual({b: [1, {c: 2}], a: 1})", true),
        ("expect({a: 1, b: undefined}).toEqual({a: 1})", true),
        ("expect([1, 2]).toEqual([1, 2, 3])", false),
        ("expect(new Map([['k', {v: 1}]])).toEqual(new Map([['k', {v: 1}]]))", true),
        ("expect(new Set([1, 2])).toEqual(new Set([2, 3]))", false),
        ("expect(new Date(5)).toEqual(new Date(5))", true),
        ("expect({id: 3, at: 'now'}).toEqual({id: expect.any(Number), at: expect.anything()})", true),
        ("expect({a: {b: 1, c: 2}, d: 3}).toMatchObject({a: {b: 1}})", true),
        ("expect({a: {b: 1}}).toMatchObject({a: {b: 2}})", false),
        ("expect([1, 2, 3]).toEqual(expect.arrayContaining([3, 1]))", true),
        ("expect({x: 'hello world'}).toEqual(expect.objectContaining({x: expect.stringContaining('world')}))", true),
        ("expect('abc').toEqual(expect.stringMatching(/^a/))", true),
        ("expect(1).toBeTruthy()", true),
        ("expect('').toBeTruthy()", false),
        ("expect(0).toBeFalsy()", true),
        ("expect(null).toBeNull()", true),
        ("expect(undefined).toBeNull()", false),
        ("expect(undefined).toBeUndefined()", true),
        ("expect(0).toBeDefined()", true),
        ("expect(undefined).toBeDefined()", false),
        ("expect(NaN).toBeNaN()", true),
        ("expect([1, 2, 3]).toContain(2)", true),
        ("expect([{a: 1}]).toContain({a: 1})", false),
        ("expect([{a: 1}]).toContainEqual({a: 1})", true),
        ("expect('hello').toContain('ell')", true),
        ("expect(new Set(['x'])).toContain('x')", true),
        ("expect(5).toContain(5)", false),
        ("expect(() => { throw new TypeError('bad input'); }).toThrow()", true),
        ("expect(() => {}).toThrow()", false),
        ("expect(() => { throw new Error('bad input'); }).toThrow('input')", true),
        ("expect(() => { throw new Error('bad input'); }).toThrow(/^bad/)", true),
        ("expect(() => { throw new Error('bad input'); }).toThrow(/^good/)", false),
        ("expect(() => { throw new TypeError('x'); }).toThrow(TypeError)", true),
        ("expect(() => { throw new Error('x'); }).toThrow(RangeError)", false),
        ("expect(() => { throw new Error('x'); }).toThrow(new Error('x'))", true),
        ("expect(() => {}).not.toThrow()", true),
        ("expect([1, 2]).toHaveLength(2)", true),
        ("expect('abc').toHaveLength(2)", false),
        ("expect({a: {b: [5]}}).toHaveProperty('a.b.0', 5)", true),
        ("expect({a: {}}).toHaveProperty('a.b')", false),
        ("expect(3).toBeGreaterThan(2)", true),
        ("expect(2).toBeGreaterThan(2)", false),
        ("expect(2).toBeGreaterThanOrEqual(2)", true),
        ("expect(1).toBeLessThan(2)", true),
        ("expect(2).toBeLessThanOrEqual(1)", false),
        ("expect(0.1 + 0.2).toBeCloseTo(0.3)", true),
        ("expect('order A-1').toMatch(/A-\\d/)", true),
        ("expect('order').toMatch('ord')", true),
        ("expect('order').toMatch(/^x/)", false),
        ("expect(new TypeError('x')).toBeInstanceOf(Error)", true),
        ("expect(1).not.toBe(2)", true),
        ("expect(1).not.toBe(1)", false),
        ("expect({a: 1}).not.toEqual({a: 2})", true),
        ("return expect(Promise.resolve(3)).resolves.toBe(3)", true),
        ("return expect(Promise.resolve(3)).resolves.not.toBe(4)", true),
        ("return expect(Promise.reject(new Error('no'))).resolves.toBe(3)", false),
        ("return expect(Promise.reject(new Error('no way'))).rejects.toThrow('no')", true),
        ("return expect(Promise.resolve(1)).rejects.toBeDefined()", false),
        ("return expect(bridge.call('nothing.here')).rejects.toMatchObject({code: 'METHOD_NOT_FOUND'})", true),
        ("return expect(5).resolves.toBe(5)", false),
    ]

    @Test("matchers", arguments: table)
    func matcher(body: String, passes: Bool) async throws {
        let run = try await runTestSource("test('m', async () => { \(body); });")
        #expect(run.result("m")?.status == (passes ? .passed : .failed), "\(body)\n\(run.text)")
    }

    @Test("a failed toBe shows the expectation, both values and the line")
    func toBeFailure() async throws {
        let run = try await runTestSource(
            """
            describe('numbers', () => {
              test('adds', () => {
                const sum = 1 + 1;
                expect(sum).toBe(3);
              });
            });
            """, name: "math.test.js")
        let file = run.summary.files[0].path
        #expect(
            Array(run.stdout.prefix(11)) == [
                "✗ \(file) > numbers > adds",
                "    expect(received).toBe(expected)",
                "",
                "    Expected: 3",
                "    Received: 2",
                "",
                "    at \(file):4",
                "",
                "",
                "Failures (1):",
                "  ✗ \(file) > numbers > adds: expect(received).toBe(expected)",
            ])
        #expect(run.stdout.count == 14)
        #expect(run.stdout[12].hasPrefix("Time: ") && run.stdout[12].hasSuffix(" ms, 1 file (1 failed)"), "\(run.stdout)")
        #expect(run.stdout.last == "0 passed, 1 failed")
        #expect(run.exitCode == 1)
    }

    @Test("a failed toEqual on objects shows a line diff of the pretty JSON")
    func toEqualDiff() async throws {
        let run = try await runTestSource(
            """
            test('order', () => {
              expect({id: 1, items: ['tea'], total: 10})
                .toEqual({id: 1, items: ['tea', 'cup'], total: 15});
            });
            """)
        let failure = try #require(run.result("order")?.failure)
        #expect(failure.message == "expect(received).toEqual(expected)")
        #expect(
            failure.details == [
                "", "- Expected", "+ Received", "",
                "  {",
                "    \"id\": 1,",
                "    \"items\": [",
                "-     \"tea\",",
                "-     \"cup\"",
                "+     \"tea\"",
                "    ],",
                "-   \"total\": 15",
                "+   \"total\": 10",
                "  }",
            ])
        #expect(failure.location?.hasSuffix("sample.test.js:2") == true)
    }

    @Test("not, toThrow and rejects failures read clearly")
    func otherFailures() async throws {
        let run = try await runTestSource(
            """
            test('not', () => { expect('a').not.toBe('a'); });
            test('throw', () => { expect(() => 1).toThrow(/boom/); });
            test('rejects', async () => {
              await expect(Promise.resolve({ok: true})).rejects.toThrow();
            });
            test('same shape', () => { expect({a: 1}).toBe({a: 1}); });
            """)
        let not = try #require(run.result("not")?.failure)
        #expect(not.message == "expect(received).not.toBe(expected)")
        #expect(not.details == ["", "Expected: not \"a\"", "Received: \"a\""])
        #expect(not.location?.hasSuffix(":1") == true)
        let thrown = try #require(run.result("throw")?.failure)
        #expect(thrown.details == ["", "Expected: an error whose message matches /boom/", "Received: did not throw"])
        let rejects = try #require(run.result("rejects")?.failure)
        #expect(rejects.message == "expect(received).rejects.toThrow()")
        #expect(rejects.details.contains("Received promise resolved instead of rejected"))
        #expect(rejects.location?.hasSuffix(":4") == true, "the line of the expect, though it failed after an await")
        let same = try #require(run.result("same shape")?.failure)
        #expect(same.details.last == "The values are deeply equal but not the same object: use toEqual for deep equality.")
    }

    @Test("an error thrown by the test names its type, code and line")
    func thrownError() async throws {
        let run = try await runTestSource(
            """
            test('throws', () => {
              const user = undefined;
              return user.name;
            });
            test('bridge error', async () => {
              await bridge.call('not.there');
            });
            """)
        let thrown = try #require(run.result("throws")?.failure)
        #expect(thrown.message.hasPrefix("TypeError:"))
        #expect(thrown.location?.hasSuffix("sample.test.js:3") == true)
        let bridgeError = try #require(run.result("bridge error")?.failure)
        #expect(bridgeError.message == "BridgeError: no handler for method 'not.there' (METHOD_NOT_FOUND)")
        #expect(bridgeError.location?.hasSuffix("sample.test.js:5") == true, "falls back to where the test is defined")
    }
}
