import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine

/// `vi.useFakeTimers()` and friends: the engine's own timers, Date and performance.now, in
/// deadline order, per test.
@MainActor
struct TestRunnerFakeTimerTests {
    /// Runs `source` and expects every test to pass: on virtual time (the in-process run shares
    /// the main actor with heavy suites, whose load real-time test timeouts would measure), or on
    /// real time for tests that never wait (fake timers do not depend on `--virtual-time`).
    func expectAllPass(_ source: String, realTime: Bool = false, _ comment: Comment? = nil) async throws -> CapturedTestRun {
        let run = try await runTestSource(source, virtualTime: !realTime)
        #expect(run.cases.allSatisfy { $0.status == .passed }, "\(comment?.rawValue ?? "")\n\(run.text)")
        #expect(!run.cases.isEmpty)
        return run
    }

    @Test("timeouts and intervals fire in deadline order, with Date and performance.now moving along")
    func order() async throws {
        _ = try await expectAllPass(
            """
            test('order', () => {
              vi.useFakeTimers({ now: 1000 });
              const log = [];
              const p0 = performance.now();
              setTimeout(() => log.push('t50@' + Date.now()), 50);
              const iv = setInterval(() => log.push('i30@' + Date.now()), 30);
              setTimeout(() => log.push('t30@' + Date.now()), 30);
              vi.advanceTimersByTime(100);
              expect(log).toEqual(['i30@1030', 't30@1030', 't50@1050', 'i30@1060', 'i30@1090']);
              expect(Date.now()).toBe(1100);
              expect(new Date().getTime()).toBe(1100);
              expect(performance.now() - p0).toBe(100);
              clearInterval(iv);
              expect(vi.getTimerCount()).toBe(0);
            });
            """, realTime: true)
    }

    @Test("timers created while advancing run in the same advance when due; clearTimeout works on fake timers")
    func nestedAndCleared() async throws {
        _ = try await expectAllPass(
            """
            test('nested', () => {
              vi.useFakeTimers();
              const log = [];
              setTimeout(() => {
                log.push('outer');
                setTimeout(() => log.push('inner at +10'), 10);
                setTimeout(() => log.push('inner at +100'), 100);
              }, 20);
              const doomed = setTimeout(() => log.push('cleared'), 25);
              clearTimeout(doomed);
              vi.advanceTimersByTime(50);
              expect(log).toEqual(['outer', 'inner at +10']);
              expect(vi.getTimerCount()).toBe(1);
              vi.advanceTimersByTime(69);
              expect(log).toEqual(['outer', 'inner at +10']);
              vi.advanceTimersByTime(1);
              expect(log).toEqual(['outer', 'inner at +10', 'inner at +100']);
            });
            test('an interval cleared from its own callback stops', () => {
              vi.useFakeTimers();
              let n = 0;
              const id = setInterval(() => { n++; if (n === 3) clearInterval(id); }, 10);
              vi.advanceTimersByTime(1000);
              expect(n).toBe(3);
            });
            """)
    }

    @Test("runAllTimers, runOnlyPendingTimers, advanceTimersToNextTimer, clearAllTimers and the endless-loop limit")
    func runners() async throws {
        _ = try await expectAllPass(
            """
            test('runAllTimers runs chains to the end', () => {
              vi.useFakeTimers();
              const log = [];
              setTimeout(() => { log.push(1); setTimeout(() => { log.push(2); setTimeout(() => log.push(3), 5000); }, 1000); }, 10);
              vi.runAllTimers();
              expect(log).toEqual([1, 2, 3]);
              expect(vi.getTimerCount()).toBe(0);
            });
            test('runOnlyPendingTimers stops at the last timer pending when it was called', () => {
              vi.useFakeTimers();
              const log = [];
              setTimeout(() => { log.push('a'); setTimeout(() => log.push('later'), 1000); }, 10);
              setTimeout(() => log.push('b'), 20);
              vi.runOnlyPendingTimers();
              expect(log).toEqual(['a', 'b']);
              expect(vi.getTimerCount()).toBe(1);
            });
            test('advanceTimersToNextTimer moves to one deadline at a time', () => {
              vi.useFakeTimers({ now: 0 });
              const log = [];
              setTimeout(() => log.push('x'), 100);
              setTimeout(() => log.push('y'), 100);
              setTimeout(() => log.push('z'), 300);
              vi.advanceTimersToNextTimer();
              expect(log).toEqual(['x', 'y']);
              expect(Date.now()).toBe(100);
              vi.advanceTimersToNextTimer(5);
              expect(log).toEqual(['x', 'y', 'z']);
              expect(Date.now()).toBe(300);
            });
            test('clearAllTimers drops them', () => {
              vi.useFakeTimers();
              let fired = false;
              setTimeout(() => { fired = true; }, 1);
              setInterval(() => { fired = true; }, 1);
              vi.clearAllTimers();
              expect(vi.getTimerCount()).toBe(0);
              vi.advanceTimersByTime(10);
              expect(fired).toBe(false);
            });
            test('an interval that never ends is reported by runAllTimers', () => {
              vi.useFakeTimers();
              setInterval(() => {}, 1);
              expect(() => vi.runAllTimers()).toThrow('aborted after running 100000 timers');
            });
            """)
    }

    @Test("setSystemTime moves Date only; Date keeps working as a class; Date() is a string of the fake time")
    func systemTime() async throws {
        _ = try await expectAllPass(
            """
            test('setSystemTime', () => {
              vi.useFakeTimers();
              let fired = 0;
              setTimeout(() => fired++, 50);
              vi.setSystemTime(new Date('2030-05-06T07:08:09.000Z'));
              expect(new Date().toISOString()).toBe('2030-05-06T07:08:09.000Z');
              expect(fired).toBe(0);
              vi.advanceTimersByTime(50);
              expect(fired).toBe(1);
              expect(Date.now()).toBe(Date.UTC(2030, 4, 6, 7, 8, 9, 50));
              expect(vi.now()).toBe(Date.now());
              expect(Date()).toBe(new Date(Date.now()).toString());
              expect(vi.getRealSystemTime()).toBeLessThan(Date.UTC(2030, 0, 1));
            });
            test('Date is still the Date class', () => {
              vi.useFakeTimers({ now: new Date('2000-01-01T00:00:00Z') });
              class Stamp extends Date { year() { return this.getUTCFullYear(); } }
              expect(new Stamp().year()).toBe(2000);
              expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
              expect(new Date(2001, 0, 1).getFullYear()).toBe(2001);
              expect(new Date() instanceof Date).toBe(true);
              expect(Object.prototype.toString.call(new Date())).toBe('[object Date]');
              expect(Date.prototype.constructor).toBe(Date);
              expect(Date.name).toBe('Date');
              expect(Date.length).toBe(7);
              expect(Date.parse('2000-01-01T00:00:00Z')).toBe(946684800000);
            });
            """)
    }

    @Test("fake timers end with the test: real again in the next one, leftovers never fire; file-level fake time lasts")
    func perTest() async throws {
        _ = try await expectAllPass(
            """
            let leaked = 0;
            test('fakes and leaves timers', () => {
              vi.useFakeTimers();
              setTimeout(() => leaked++, 10);
              setInterval(() => leaked++, 10);
              expect(vi.getTimerCount()).toBe(2);
            });
            test('real again, nothing leaked', async () => {
              expect(vi.isFakeTimers()).toBe(false);
              await new Promise((r) => setTimeout(r, 30));
              expect(leaked).toBe(0);
              expect(Date.now()).toBeGreaterThan(Date.UTC(2024, 0, 1));
              expect(performance.now()).toBeGreaterThan(0);
            });
            test('useRealTimers in the middle of a test: later timers are real, pending fake ones are dropped', async () => {
              vi.useFakeTimers();
              let fake = 0, real = 0;
              setTimeout(() => fake++, 5);
              vi.useRealTimers();
              expect(() => vi.advanceTimersByTime(10)).toThrow('timers are not faked');
              await new Promise((r) => setTimeout(() => { real++; r(); }, 10));
              expect(real).toBe(1);
              expect(fake).toBe(0);
            });
            """)
        let fileLevel = try await expectAllPass(
            """
            vi.useFakeTimers({ now: 0 });
            test('one', () => {
              setTimeout(() => {}, 100);
              vi.advanceTimersByTime(10);
              expect(Date.now()).toBe(10);
            });
            test('two: still fake, the clock went on, the leftover timer is gone', () => {
              expect(vi.isFakeTimers()).toBe(true);
              expect(Date.now()).toBe(10);
              expect(vi.getTimerCount()).toBe(0);
            });
            """)
        #expect(fileLevel.cases.count == 2)
    }

    @Test("the async variants let promise callbacks run between timers; the sync one does not")
    func asyncAdvance() async throws {
        _ = try await expectAllPass(
            """
            function poll(log) {
              // Each tick awaits a promise before arming the next timer, as real polling code does.
              setTimeout(async () => {
                log.push(Date.now());
                await Promise.resolve();
                if (log.length < 5) poll(log);
              }, 100);
            }
            test('sync: the next timer is armed only after the advance', () => {
              vi.useFakeTimers({ now: 0 });
              const log = [];
              poll(log);
              vi.advanceTimersByTime(1000);
              expect(log).toEqual([100]);
            });
            test('async: microtasks run between timers', async () => {
              vi.useFakeTimers({ now: 0 });
              const log = [];
              poll(log);
              await vi.advanceTimersByTimeAsync(1000);
              expect(log).toEqual([100, 200, 300, 400, 500]);
              expect(Date.now()).toBe(1000);
            });
            test('runAllTimersAsync and a promise chain', async () => {
              vi.useFakeTimers();
              const wait = (ms) => new Promise((r) => setTimeout(r, ms));
              let done = false;
              (async () => { await wait(10); await wait(20); await wait(30); done = true; })();
              await vi.runAllTimersAsync();
              expect(done).toBe(true);
            });
            """)
    }

    @Test("a test waiting on a fake timer nobody advances still times out (the harness's own timers stay on the engine clock)")
    func timeoutStaysReal() async throws {
        let run = try await runTestSource(
            """
            test('waits forever', async () => {
              vi.useFakeTimers();
              await new Promise((r) => setTimeout(r, 10));
            }, 100);
            test('next', () => { expect(vi.isFakeTimers()).toBe(false); });
            """)
        #expect(run.result("waits forever")?.failure?.message == "Exceeded timeout of 100 ms for a test.", "\(run.text)")
        #expect(run.result("next")?.status == .passed)
    }

    @Test("misuse: advancing without fake timers, bad arguments")
    func misuse() async throws {
        _ = try await expectAllPass(
            """
            test('errors', () => {
              expect(() => vi.advanceTimersByTime(1)).toThrow('vi.advanceTimersByTime(): timers are not faked; call vi.useFakeTimers() first');
              expect(() => vi.runAllTimers()).toThrow('not faked');
              expect(() => vi.setSystemTime(0)).toThrow('not faked');
              vi.useFakeTimers();
              expect(() => vi.advanceTimersByTime(-1)).toThrow('ms must be a finite number >= 0');
              expect(() => vi.advanceTimersByTime('10')).toThrow(TypeError);
              expect(() => vi.setSystemTime('soon')).toThrow('valid Date');
              expect(() => vi.useFakeTimers({ now: new Date('nonsense') })).toThrow('valid Date');
              expect(jest.useFakeTimers).toBe(vi.useFakeTimers);
            });
            """)
    }
}

/// The native side: one timeline driving several engines, as a test that loads pages will.
@MainActor
struct FakeTimelineTests {
    @Test("one TestClock drives two engines: their timers fire in one deadline order")
    func twoEngines() async throws {
        var configuration = EngineConfiguration()
        configuration.vm = ScriptVM()
        let a = try BridgeEngine(configuration: configuration)
        let b = try BridgeEngine(configuration: configuration)
        defer {
            a.close()
            b.close()
        }
        let clock = TestClock(start: { a.loop.clock.now })
        clock.drive(a)
        clock.enable(wallMilliseconds: 5000)
        // An engine that joins later is switched at once.
        clock.drive(b)
        try a.evaluate("globalThis.log = []; setTimeout(() => log.push('a30 ' + Date.now()), 30); setTimeout(() => log.push('a10'), 10);", sourceURL: "a.js")
        try b.evaluate("globalThis.log = []; setTimeout(() => log.push('b20 ' + Date.now()), 20);", sourceURL: "b.js")
        // Both read the same fake wall time.
        #expect(try a.evaluate("Date.now()", sourceURL: "a.js") == .number(5000))
        #expect(try b.evaluate("Date.now()", sourceURL: "b.js") == .number(5000))
        var order: [Double] = []
        while let next = clock.timeline?.nextDeadline {
            order.append(next.milliseconds)
            clock.timeline?.step(until: nil)
        }
        #expect(order.count == 3)
        #expect(order == order.sorted())
        #expect(try a.evaluate("log.join(',')", sourceURL: "a.js") == .string("a10,a30 5030"))
        #expect(try b.evaluate("log.join(',')", sourceURL: "b.js") == .string("b20 5020"))
        // Back to real time: a timer armed now is a real one and Date is real again.
        clock.disable()
        #expect(try a.evaluate("Date.now() > 1.7e12", sourceURL: "a.js") == .bool(true))
        #expect(a.loop.fakeTimeline == nil && b.loop.fakeTimeline == nil)
    }

    @Test("a closed engine's fake timers are dropped from the shared timeline")
    func closedEngine() async throws {
        var configuration = EngineConfiguration()
        configuration.vm = ScriptVM()
        let a = try BridgeEngine(configuration: configuration)
        defer { a.close() }
        let clock = TestClock(start: { a.loop.clock.now })
        clock.drive(a)
        clock.enable(wallMilliseconds: nil)
        do {
            let b = try BridgeEngine(configuration: configuration)
            clock.drive(b)
            try b.evaluate("setTimeout(() => {}, 5); setInterval(() => {}, 7);", sourceURL: "b.js")
            #expect(clock.timeline?.count == 2)
            clock.release(b)
            b.close()
        }
        try a.evaluate("setTimeout(() => {}, 5);", sourceURL: "a.js")
        #expect(clock.timeline?.count == 1)
        #expect(clock.timeline?.step(until: nil) == true)
        #expect(clock.timeline?.step(until: nil) == false)
    }

    @Test("step(until:) fires only due timers and moves the clock to the limit; cancel and clear")
    func timelineSteps() {
        let t = FakeTimeline(now: .milliseconds(100), wallMilliseconds: 0)
        var fired: [Int] = []
        _ = t.schedule(after: .milliseconds(20)) { fired.append(20) }
        let cancelled = t.schedule(after: .milliseconds(10)) { fired.append(10) }
        _ = t.schedule(after: .milliseconds(20)) { fired.append(21) }
        t.cancel(cancelled)
        #expect(t.count == 2)
        #expect(t.nextDeadline == .milliseconds(120))
        #expect(t.lastDeadline == .milliseconds(120))
        #expect(t.step(until: .milliseconds(115)) == false)
        #expect(t.now == .milliseconds(115))
        #expect(t.wallMilliseconds == 15)
        #expect(t.step(until: .milliseconds(200)) == true)
        #expect(t.step(until: .milliseconds(200)) == true)
        #expect(fired == [20, 21])
        #expect(t.now == .milliseconds(120))
        t.setWallMilliseconds(1_000)
        t.move(to: .milliseconds(130))
        #expect(t.wallMilliseconds == 1_010)
        _ = t.schedule(after: .zero) {}
        t.clear()
        #expect(t.count == 0 && t.step(until: nil) == false)
    }
}
