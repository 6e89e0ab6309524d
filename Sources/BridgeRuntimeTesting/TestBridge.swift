@_exported public import BridgeRuntime
package import BridgeCore
import ScriptEngine
import BridgeValues

/// A bridge for tests of native handlers, driven by the real JS `bridge` SDK: an engine on a
/// virtual clock (nothing waits in real time), built from the components under test, that
/// records every call the page made.
///
/// ```swift
/// @Test @MainActor func greets() async throws {
///     let bridge = try TestBridge(Greeter(store: InMemoryStore()))
///     let answer = try await bridge.call("greeter.hello", ["name": "Ada"])
///     #expect(answer == ["greeting": "Hello, Ada!"])
///     #expect(bridge.calls(to: "greeter.hello") == [["name": "Ada"]])
/// }
/// ```
///
/// `call` goes through `bridge.call` in JS (validation, permissions, timeouts, the wire format
/// and the SDK's promise), and drives the engine's loop until the promise settles, so `.async`
/// and off-thread handlers answer too. `advanceTime(by:)` moves the clock and fires the timers
/// that fall due, in order.
///
/// - Note: Main actor only, like every engine.
@MainActor
public final class TestBridge {
    /// The engine under test.
    public let engine: BridgeEngine
    /// The clock its timers run on.
    public let clock: VirtualClock
    /// The scoped table the components were registered in (register more before the first call).
    public let registry: BridgeRegistry
    /// Every call the page (or `call`) made, in order, with its outcome once settled.
    public private(set) var recorded: [RecordedCall] = []
    private var settlements = 0
    private var settled: [Int: JSONValue] = [:]
    private var caller: ScriptFunction?

    /// Creates a bridge whose table holds `components` (each registered as a shared instance).
    ///
    /// - Parameters:
    ///   - components: component instances to answer calls (built with their dependencies).
    ///   - useGlobalRegistry: also consult `BridgeRegistry.shared` (self-registered components);
    ///     off by default, so a test sees only what it set up.
    ///   - schemas: validate every call against these schemas (and their results when
    ///     `validateResults`).
    ///   - capabilities: check every call against these capabilities.
    ///   - pageURL: the page URL calls come from (capabilities match it).
    ///   - configure: further configuration of the engine.
    /// - Throws: `BridgeError` when two components declare the same action; `ScriptError` if the
    ///   engine cannot start.
    public init(
        _ components: any BridgeComponent..., useGlobalRegistry: Bool = false, schemas: SchemaSet? = nil, validateResults: Bool = false,
        capabilities: CapabilitySet? = nil, pageURL: String = "file:///test/page.html",
        configure: (inout EngineConfiguration) -> Void = { _ in }
    ) throws {
        registry = BridgeRegistry()
        for component in components { try Self.register(component, in: registry) }
        clock = VirtualClock()
        var configuration = EngineConfiguration()
        configuration.scopedRegistry = registry
        configuration.useGlobalRegistry = useGlobalRegistry
        configuration.clock = clock
        configuration.pageURL = pageURL
        configuration.vm = ScriptVM(timeLimit: .seconds(5))
        configure(&configuration)
        engine = try BridgeEngine(configuration: configuration)
        if let capabilities { engine.install(capabilities) }
        if let schemas { engine.install(schemas, validateResults: validateResults) }
        engine.addEventObserver { [unowned self] event in record(event) }
        installCaller()
    }

    /// The JS side of `call`: `__testBridgeCall(id, method, params, options)` runs
    /// `bridge.call` and reports how it settled to a native function, by id.
    private func installCaller() {
        guard let context = engine.context else { return }
        context.installNativeObject("__testBridgeNative", functions: [
            NativeFunctionSpec("settled", { [unowned self] args in
                if let id = args.number(0).flatMap(JSNumber.int) {
                    settled[id] = args.withUTF8(1) { bytes in bytes.flatMap { try? JSONParser().parse($0) } } ?? .null
                }
                return .undefined
            })
        ])
        _ = try? engine.evaluate(
            """
            Object.defineProperty(globalThis, '__testBridgeCall', { enumerable: false, value: (function (native) {
              return function (id, method, params, options) {
                bridge.call(method, params, options).then(
                  function (v) { native.settled(id, JSON.stringify({ ok: true, value: v === undefined ? null : v })); },
                  function (e) { native.settled(id, JSON.stringify({ ok: false, code: String(e && e.code), message: String(e && e.message),
                    details: e && e.details !== undefined ? e.details : null })); });
              };
            })(__testBridgeNative) });
            delete globalThis.__testBridgeNative;
            """, sourceURL: "test-bridge.js")
        caller = context.function(at: "__testBridgeCall")
    }

    private static func register<C: BridgeComponent>(_ component: C, in registry: BridgeRegistry) throws {
        try registry.register(component)
    }

    /// Calls `method` through the page's `bridge.call(method, params)` and returns the result.
    ///
    /// - Parameters:
    ///   - method: the action.
    ///   - params: its params.
    ///   - timeout: the call's own timeout (engine clock), as `bridge.call`'s `timeout` option.
    ///   - limit: real time the whole call may take before the test gives up (default 30 s).
    /// - Throws: the call's `BridgeError` (its stable code, message and details), or
    ///   `BridgeError` `TIMEOUT` when the call did not settle within `limit`.
    public func call(_ method: String, _ params: JSONValue = [:], timeout: Duration? = nil, limit: Duration = .seconds(30)) async throws(BridgeError) -> JSONValue {
        settlements += 1
        let id = settlements
        var options: JSONValue = [:]
        if let timeout { options = ["timeout": .number(timeout.milliseconds)] }
        guard let context = engine.context, let caller else { throw BridgeError(code: .cancelled, message: "the test bridge is closed") }
        do {
            try context.call(caller, [.number(Double(id)), .string(method), .json(params), .json(options)])
        } catch {
            throw BridgeError.handlerError("bridge.call threw: \(error.description)")
        }
        do {
            try await engine.run(until: { [unowned self] in settled[id] != nil }, limit: limit)
        } catch {
            throw BridgeError(code: .timeout, message: "'\(method)' did not settle within \(limit) of real time (still pending: \(engine.pendingSummary))")
        }
        guard case .object(let o)? = settled.removeValue(forKey: id) else {
            throw BridgeError(code: .timeout, message: "'\(method)' did not settle (still pending: \(engine.pendingSummary))")
        }
        if o["ok"] == true { return o["value"] ?? .null }
        throw BridgeError(code: .init(rawValue: o["code"]?.stringValue ?? "HANDLER_ERROR"), message: o["message"]?.stringValue ?? "", details: o["details"].flatMap { $0 == .null ? JSONValue?.none : $0 })
    }

    /// Evaluates page JavaScript in the engine (for example code that calls `bridge.call` itself).
    ///
    /// - Throws: `ScriptError` with the file and line of what the script threw.
    @discardableResult
    public func evaluate(_ source: String, sourceURL: String = "test.js") throws(ScriptError) -> JSONValue {
        try engine.evaluate(source, sourceURL: sourceURL)
    }

    /// Runs what is ready and due until nothing is pending, without waiting (virtual time jumps
    /// to each timer).
    ///
    /// - Throws: `BridgeEngine.RunStop` after `limit` of real time.
    public func runUntilIdle(limit: Duration = .seconds(30)) async throws(BridgeEngine.RunStop) {
        try await engine.runUntilIdle(limit: limit)
    }

    /// Moves the clock forward by `duration`, firing every timer that falls due on the way in
    /// deadline order (each at its own time, with the microtasks it releases), like Jest's
    /// `advanceTimersByTime`. Answers that are ready run too.
    public func advanceTime(by duration: Duration) {
        let target = clock.now + max(.zero, duration)
        engine.runReady()
        while let next = engine.nextTimerDeadline, next <= target {
            clock.advance(to: next)
            engine.runReady()
        }
        clock.advance(to: target)
        engine.runReady()
    }

    /// The params of each call to `method`, in order.
    public func calls(to method: String) -> [JSONValue] {
        recorded.filter { $0.method.unicodeScalars.elementsEqual(method.unicodeScalars) }.map(\.params)
    }

    /// Closes the engine (pending calls settle with `CANCELLED`).
    public func close() {
        caller = nil
        engine.close()
    }

    private func record(_ event: EngineEvent) {
        switch event {
        case let .call(method, params, callbackId, via):
            recorded.append(RecordedCall(method: method, params: params, callbackId: callbackId, via: via, outcome: nil))
        case let .result(method, callbackId, result):
            settle(method, callbackId, .success(result))
        case let .error(method?, callbackId, error):
            settle(method, callbackId, .failure(error))
        default:
            break
        }
    }

    private func settle(_ method: String, _ callbackId: String?, _ outcome: Result<JSONValue, BridgeError>) {
        guard let i = recorded.lastIndex(where: { $0.outcome == nil && $0.method.sameScalars(as: method) && $0.callbackId == callbackId }) else { return }
        recorded[i].outcome = outcome
    }
}

/// One call the page made, as `TestBridge` recorded it.
public struct RecordedCall: Sendable, Equatable {
    /// The action.
    public var method: String
    /// Its params.
    public var params: JSONValue
    /// The callback id it named, if any.
    public var callbackId: String?
    /// How it arrived.
    public var via: BridgeCall.Via
    /// How it settled (`nil` while it waits).
    public var outcome: Result<JSONValue, BridgeError>?
}
