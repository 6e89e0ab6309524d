import Foundation
import Synchronization
@testable import BridgeRuntime

/// Shared helpers for the BridgeRuntime suites: engine factories, a thread-safe recorder and a
/// way to await a JS promise from Swift.

/// A thread-safe list that handlers on any thread can append to.
final class TestRecorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    init() {}

    func append(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    var all: [Element] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

/// A thread-safe box for one value (responders stashed by handlers, counters).
final class TestBox<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ initial: Value) {
        value = Mutex(initial)
    }

    var current: Value { value.withLock { $0 } }

    func update<R: Sendable>(_ body: (inout Value) -> R) -> R {
        value.withLock { body(&$0) }
    }
}

/// A Swift error whose description is what the bridge should pass through as `HANDLER_ERROR`.
struct HandlerFailure: Error, CustomStringConvertible {
    var description: String
}

/// A scoped registry with `echo` (sync, returns its params).
func makeEchoRegistry() throws -> BridgeRegistry {
    let registry = BridgeRegistry()
    try registry.register(action: "echo") { call in call.params }
    return registry
}

/// An engine on a virtual clock (unless `clock` says otherwise) in its own VM.
@MainActor
func makeTestEngine(
    scoped: BridgeRegistry? = nil,
    clock: any EngineClock = VirtualClock(),
    _ configure: (inout EngineConfiguration) -> Void = { _ in }
) throws -> BridgeEngine {
    var configuration = EngineConfiguration()
    configuration.scopedRegistry = scoped
    configuration.clock = clock
    configuration.vm = ScriptVM(timeLimit: 5)
    configure(&configuration)
    return try BridgeEngine(configuration: configuration)
}

extension BridgeEngine {
    /// Evaluates `expression` (something returning a value or a promise), runs the loop until
    /// idle and returns `{ok: true, value}` or `{ok: false, code, message, details, name}`.
    func settleJS(_ expression: String, limit: Double = 60_000) async throws -> JSONValue {
        try evaluate(
            """
            globalThis.__settled = null;
            Promise.resolve().then(function () { return \(expression); }).then(
              function (v) { globalThis.__settled = { ok: true, value: v === undefined ? null : v }; },
              function (e) { globalThis.__settled = { ok: false, code: e && e.code !== undefined ? e.code : null,
                message: String(e && e.message), details: e && e.details !== undefined ? e.details : null,
                name: e && e.name ? String(e.name) : null }; });
            """,
            sourceURL: "settle.js")
        try await runUntilIdle(limit: limit)
        return try evaluate("globalThis.__settled")
    }
}
