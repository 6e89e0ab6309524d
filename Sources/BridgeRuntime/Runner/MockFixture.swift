import FoundationEssentials

/// Canned answers for bridge calls, from a JSON file:
/// `{"user.get": {"result": {...}}, "pay.start": {"error": {"code": "DENIED", "message": "..."}},
/// "slow.op": {"result": 1, "delayMs": 50}}`.
///
/// Installed as the engine's legacy dispatcher, so mocked calls still pass through the call
/// filter (schema validation, permissions) and keep their action options (timeouts, ordering).
public struct MockFixture: Sendable, Equatable {
    /// One canned answer.
    public struct Entry: Sendable, Equatable {
        /// The answer.
        public var outcome: Result<JSONValue, BridgeError>
        /// Milliseconds (engine clock) before answering.
        public var delayMs: Double

        /// Creates an entry.
        public init(outcome: Result<JSONValue, BridgeError>, delayMs: Double = 0) {
            self.outcome = outcome
            self.delayMs = delayMs
        }
    }

    /// The answers by method.
    public var entries: [String: Entry]

    /// Creates a fixture from entries.
    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// Reads a fixture from JSON.
    ///
    /// - Throws: `MockFixture.Problem` naming the method and what is wrong.
    public init(json: JSONValue) throws(Problem) {
        guard case .object(let methods) = json else { throw Problem(message: "a mock fixture must be a JSON object of method -> {result|error, delayMs}") }
        var entries: [String: Entry] = [:]
        for (method, spec) in methods {
            guard case .object(let o) = spec else { throw Problem(message: "mock for '\(method)' must be an object with \"result\" or \"error\"") }
            let unknown = Set(o.keys).subtracting(["result", "error", "delayMs"])
            if let bad = unknown.sorted().first { throw Problem(message: "mock for '\(method)': unknown key \"\(bad)\" (expected result, error, delayMs)") }
            var delay = 0.0
            if let d = o["delayMs"] {
                guard let n = d.numberValue, n >= 0 else { throw Problem(message: "mock for '\(method)': delayMs must be a number >= 0") }
                delay = n
            }
            if let e = o["error"], e != .null {
                guard let error = BridgeError(json: e) else { throw Problem(message: "mock for '\(method)': error must be {\"code\": string, \"message\": string}") }
                entries[method] = Entry(outcome: .failure(error), delayMs: delay)
            } else if let r = o["result"] {
                entries[method] = Entry(outcome: .success(r), delayMs: delay)
            } else {
                throw Problem(message: "mock for '\(method)' must have \"result\" or \"error\"")
            }
        }
        self.entries = entries
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

    /// Installs the fixture in front of the engine's tables (keeps an existing legacy dispatcher
    /// behind it).
    @MainActor
    public func install(on engine: BridgeEngine) {
        let entries = self.entries
        let previous = engine.legacyDispatcher
        let handle = engine.handle!
        engine.legacyDispatcher = { message in
            guard let entry = entries[message.method] else { return previous?(message) }
            if entry.delayMs <= 0 {
                return .sync { _ in try entry.outcome.get() }
            }
            return .callback { _, responder in
                handle.engine?.schedule(after: entry.delayMs) { responder.respond(entry.outcome.mapError { $0 as any Error }) }
            }
        }
    }
}
