import FoundationEssentials
import BridgeSupport
public import BridgeValues
public import BridgeCore

/// Canned answers for bridge calls, from a JSON file:
/// `{"user.get": {"result": {...}}, "pay.start": {"error": {"code": "DENIED", "message": "..."}},
/// "slow.op": {"result": 1, "delayMs": 50}}`. A `"$http"` member is skipped here: it holds HTTP
/// fixtures for the network layer (docs/network.md).
///
/// Installed as a dispatcher of the engine (`install(on:)`), so mocked calls still pass the
/// call checks (schema validation, permissions) and keep their action options (timeouts,
/// ordering).
public struct MockFixture: Sendable, Equatable {
    /// One canned answer.
    public struct Entry: Sendable, Equatable {
        /// The answer.
        public var outcome: Result<JSONValue, BridgeError>
        /// How long (engine clock) before answering.
        public var delay: Duration

        /// Creates an entry.
        public init(outcome: Result<JSONValue, BridgeError>, delay: Duration = .zero) {
            self.outcome = outcome
            self.delay = delay
        }
    }

    /// The answers by method name, compared by Unicode scalars.
    private var table: [ScalarKey: Entry]
    /// The `"$native"` steps: what the native side does to the page, in order.
    public var nativeSteps: [NativeStep] = []

    /// Creates a fixture from entries.
    public init(entries: [String: Entry] = [:]) {
        table = Dictionary(uniqueKeysWithValues: entries.map { (ScalarKey($0.key), $0.value) })
    }

    /// The answer for `method` (the exact scalars), if the fixture has one.
    public func entry(for method: String) -> Entry? {
        table[ScalarKey(method)]
    }

    /// The mocked methods, sorted.
    public var methods: [String] { table.keys.sorted().map(\.string) }

    /// The answers by method (methods whose names are canonically equivalent collide here; use
    /// `entry(for:)` to look one up).
    public var entries: [String: Entry] {
        var out: [String: Entry] = [:]
        for (k, v) in table { out[k.string] = v }
        return out
    }

    /// Reads a fixture from JSON.
    ///
    /// - Throws: `MockFixture.Problem` naming the method and what is wrong.
    public init(json: JSONValue) throws(Problem) {
        guard case .object(let methods) = json else { throw Problem(message: "a mock fixture must be a JSON object of method -> {result|error, delayMs}") }
        var table: [ScalarKey: Entry] = [:]
        // `"$http"` holds the HTTP fixtures of the same file (the network layer reads it).
        for (method, spec) in methods where method != "$http" {
            if method == "$native" {
                nativeSteps = try NativeStep.steps(from: spec)
                continue
            }
            guard case .object(let o) = spec else { throw Problem(message: "mock for '\(method)' must be an object with \"result\" or \"error\"") }
            let unknown = Set(o.keys).subtracting(["result", "error", "delayMs"])
            if let bad = unknown.sorted().first { throw Problem(message: "mock for '\(method)': unknown key \"\(bad)\" (expected result, error, delayMs)") }
            var delay = Duration.zero
            if let d = o["delayMs"] {
                guard let n = d.numberValue, n >= 0, n.isFinite else { throw Problem(message: "mock for '\(method)': delayMs must be a number >= 0") }
                delay = .milliseconds(exactly: n)
            }
            if let e = o["error"], e != .null {
                guard let error = BridgeError(json: e) else { throw Problem(message: "mock for '\(method)': error must be {\"code\": string, \"message\": string}") }
                table[ScalarKey(method)] = Entry(outcome: .failure(error), delay: delay)
            } else if let r = o["result"] {
                table[ScalarKey(method)] = Entry(outcome: .success(r), delay: delay)
            } else {
                throw Problem(message: "mock for '\(method)' must have \"result\" or \"error\"")
            }
        }
        self.table = table
    }

    /// Reads a fixture file.
    ///
    /// - Throws: `MockFixture.Problem` naming the file.
    public init(contentsOf path: String) throws(Problem) {
        let json: JSONValue
        do { json = try JSONValue(contentsOfFile: path, kind: "mock file") } catch { throw Problem(message: error.message) }
        do { try self.init(json: json) } catch { throw Problem(message: "\(path): \(error.message)") }
    }

    /// A problem with a fixture.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Adds the fixture to the engine's dispatchers (after any added before it).
    @MainActor
    public func install(on engine: BridgeEngine) {
        // The handlers are made once: a call looks its answer up and gets the same value each
        // time (whose JSON text the engine then reuses instead of encoding it per call).
        let handlers = table.mapValues(Self.handler)
        engine.addDispatcher { message in
            handlers[ScalarKey(message.method)]
        }
    }

    /// The handler that gives `entry`'s answer, at once or after its delay on the engine clock.
    public static func handler(for entry: Entry) -> ActionHandler {
        if entry.delay <= .zero {
            let outcome = entry.outcome
            return .sync { _ in try outcome.get() }
        }
        return .callback { call, responder in
            guard let engine = call.engine else { return }
            let timer = engine.schedule(after: entry.delay) { responder.respond(entry.outcome.mapError { $0 as any Error }) }
            // A call that times out (or an engine that closes) first stops the delayed answer.
            let handle = engine.handle
            responder.onCancel {
                if MainThread.isCurrent {
                    MainActor.assumeIsolated { handle.engine?.cancelTimer(timer) }
                } else {
                    Task { @MainActor in handle.engine?.cancelTimer(timer) }
                }
            }
        }
    }
}
