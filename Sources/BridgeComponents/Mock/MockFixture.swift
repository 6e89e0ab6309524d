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
        /// Progress updates sent before the answer (a replayed trace's `progress` lines).
        public var progress: [JSONValue] = []

        /// Creates an entry.
        public init(outcome: Result<JSONValue, BridgeError>, delay: Duration = .zero) {
            self.outcome = outcome
            self.delay = delay
        }
    }

    /// One recorded answer of a replayed trace.
    public enum ReplayAnswer: Sendable, Equatable {
        /// The recorded result or error.
        case answer(Entry)
        /// The trace recorded `METHOD_NOT_FOUND`: answered as the runtime does for a method
        /// nothing handles.
        case notFound
        /// The recorded call was never answered (or was `CANCELLED` when its run ended).
        case never
    }

    /// The answers by method name, compared by Unicode scalars.
    private var table: [ScalarKey: Entry]
    /// The `"$native"` steps: what the native side does to the page, in order.
    public var nativeSteps: [NativeStep] = []
    /// A replayed trace's answers by method, in the order of the method's calls
    /// (`init(contentsOf:)` of a trace file); the n-th call gets the n-th answer, and once they
    /// run out every further call gets the last one again (noticed once per method).
    var sequences: [ScalarKey: [ReplayAnswer]] = [:]
    /// The fixture was read from a trace (JSON Lines), not a JSON object.
    public internal(set) var isReplay = false
    /// The fixture's JSON has a `"$http"` member: HTTP fixtures for the network layer, which reads
    /// them from the same file (`HTTPMockFixture.load(httpMock:mock:)`); without one it need not.
    public internal(set) var hasHTTPFixtures = false

    /// Creates a fixture from entries.
    public init(entries: [String: Entry] = [:]) {
        table = Dictionary(uniqueKeysWithValues: entries.map { (ScalarKey($0.key), $0.value) })
    }

    /// The answer for `method` (the exact scalars), if the fixture has one; for a replayed
    /// trace, the method's first recorded answer.
    public func entry(for method: String) -> Entry? {
        let key = ScalarKey(method)
        if let e = table[key] { return e }
        for answer in sequences[key] ?? [] { if case .answer(let e) = answer { return e } }
        return nil
    }

    /// The replayed answers of `method`, in call order (empty unless the fixture replays a
    /// trace).
    public func replayAnswers(for method: String) -> [ReplayAnswer] {
        sequences[ScalarKey(method)] ?? []
    }

    /// The mocked methods, sorted.
    public var methods: [String] { Set(table.keys).union(sequences.keys).sorted().map(\.string) }

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
        hasHTTPFixtures = methods["$http"] != nil
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

    /// Reads a fixture file: a JSON object (method -> answer, `"$native"`), or a trace (JSON
    /// Lines whose lines have a `type`, recorded with `--trace` or logged by an app's bridge),
    /// which is replayed.
    ///
    /// - Throws: `MockFixture.Problem` naming the file (and the line of a trace).
    ///
    /// The file is read once and parsed once: a mock written on one line (as tools write them)
    /// was parsed whole to see whether its first line was a trace line, then again as the mock.
    public init(contentsOf path: String) throws(Problem) {
        guard let bytes = FileContents.read(path) else { throw Problem(message: "\(path): cannot read mock file: \(FileContents.problem(path))") }
        let parsed: Result<JSONValue, BridgeError>
        do { parsed = .success(try JSONValue(fileBytes: bytes, path: path)) } catch { parsed = .failure(error) }
        if Self.mayBeTrace(parsed), let text = String(validating: bytes, as: UTF8.self), TraceReplay.looksLikeTrace(text[...]) {
            self = try TraceReplay.fixture(text: text, path: path)
            return
        }
        let json: JSONValue
        switch parsed {
        case .success(let value): json = value
        case .failure(let error): throw Problem(message: error.message)
        }
        do { try self.init(json: json) } catch { throw Problem(message: "\(path): \(error.message)") }
    }

    /// Whether a file parsed as `parsed` can be a trace (its first non-blank line an object with a
    /// string `type`). A file that is one JSON value has that line as a trace line only when the
    /// line is the whole value (JSON allows nothing after a value but white space), so a value
    /// without a string `type` is never one; a file that is not one JSON value (JSON Lines) may be.
    static func mayBeTrace(_ parsed: Result<JSONValue, BridgeError>) -> Bool {
        guard case .success(let value) = parsed else { return true }
        guard case .object(let o) = value, case .string? = o["type"] else { return false }
        return true
    }

    /// A problem with a fixture.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Adds the fixture to the engine's dispatchers (after any added before it). A replayed
    /// trace counts each method's calls in `replay` (pass one state to every engine of a run so
    /// the count goes on across pages; by default the count starts at this engine).
    @MainActor
    public func install(on engine: BridgeEngine, replay: ReplayState? = nil) {
        // The handlers are made once: a call looks its answer up and gets the same value each
        // time (whose JSON text the engine then reuses instead of encoding it per call).
        let handlers = table.mapValues { Self.handler(for: $0) }
        let sequences = self.sequences
        let state = replay ?? ReplayState()
        let handle = engine.handle
        engine.addDispatcher { message in
            let key = ScalarKey(message.method)
            if let handler = handlers[key] { return handler }
            guard let answers = sequences[key] else { return nil }
            return .callback { call, responder in
                let answer = state.take(key, from: answers) { used in
                    handle.engine?.report(.notice("replay: '\(message.method)' was called more often than the trace recorded (\(used) answers); further calls get the last one again"))
                }
                switch answer {
                case .answer(let entry):
                    for p in entry.progress { responder.progress(p) }
                    if entry.delay > .zero, case .callback(let later) = Self.handler(for: entry) {
                        later(call, responder)
                    } else {
                        responder.respond(entry.outcome.mapError { $0 as any Error })
                    }
                case .notFound: responder.fail(.methodNotFound(message.method))
                case .never: break
                }
            }
        }
    }

    /// How many calls of each method a replay has answered (one per run).
    @MainActor
    public final class ReplayState {
        private var used: [ScalarKey: Int] = [:]
        private var exhausted: Set<ScalarKey> = []

        /// Creates a state with no calls counted.
        public init() {}

        /// The next answer of `key` (the last again when they ran out, calling `ranOut` the first
        /// time with how many there were).
        func take(_ key: ScalarKey, from answers: [ReplayAnswer], ranOut: (Int) -> Void) -> ReplayAnswer {
            let n = used[key, default: 0]
            used[key] = n + 1
            if n < answers.count { return answers[n] }
            if exhausted.insert(key).inserted { ranOut(answers.count) }
            return answers[answers.count - 1]
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
