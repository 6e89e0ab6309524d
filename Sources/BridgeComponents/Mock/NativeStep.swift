public import BridgeValues
public import BridgeCore

/// One step of a mock file's `"$native"` list: what the native side does to the page, in order
/// (docs/peers.md). A step waits until the page's bridge is ready, then until the page's first
/// call of `after` was answered, then `delay` on the engine clock.
public struct NativeStep: Sendable, Equatable {
    /// What the step does.
    public enum Action: Sendable, Equatable {
        /// Call the JS handler the page registered under the name.
        case callJS(String, JSCallArgument)
        /// Send an event to `bridge.on` listeners.
        case emit(String, JSONValue)
    }

    /// What the step does.
    public var action: Action
    /// Wait until the page's first call of this method was answered.
    public var after: String?
    /// Wait this long (engine clock) before the step.
    public var delay: Duration
    /// How many of the page's calls of `after` must have been answered (1: its first).
    public var afterCount = 1
    /// The step comes from a replayed trace's `callJS`/`event` line: an array `params` is an
    /// argument list for a DSBridge page (the trace shows both the same way).
    public var fromTrace = false

    /// Creates a step.
    public init(action: Action, after: String? = nil, delay: Duration = .zero) {
        self.action = action
        self.after = after
        self.delay = delay
    }

    /// How messages name the step: `callJS 'name'` or `emit 'name'`.
    public var label: String {
        switch action {
        case .callJS(let name, _): "callJS '\(name)'"
        case .emit(let name, _): "emit '\(name)'"
        }
    }

    /// Reads the `"$native"` list.
    ///
    /// - Throws: `MockFixture.Problem` naming the step and what is wrong.
    static func steps(from json: JSONValue) throws(MockFixture.Problem) -> [NativeStep] {
        guard case .array(let list) = json else { throw MockFixture.Problem(message: "\"$native\" must be an array of steps ({\"callJS\": NAME, \"data\": X} or {\"emit\": NAME, \"payload\": P})") }
        var steps: [NativeStep] = []
        for (i, item) in list.enumerated() {
            let at = "\"$native\" step \(i + 1)"
            guard case .object(let o) = item else { throw MockFixture.Problem(message: "\(at) must be an object") }
            let allowed: Set<String> = ["callJS", "emit", "data", "args", "payload", "after", "delayMs"]
            if let bad = Set(o.keys).subtracting(allowed).sorted().first {
                throw MockFixture.Problem(message: "\(at): unknown key \"\(bad)\" (expected callJS or emit, data, args, payload, after, delayMs)")
            }
            let action: Action
            switch (o["callJS"], o["emit"]) {
            case (.string(let name)?, nil) where !name.isEmpty:
                if o["payload"] != nil { throw MockFixture.Problem(message: "\(at): \"payload\" belongs to an emit step; a callJS step takes \"data\" or \"args\"") }
                switch (o["data"], o["args"]) {
                case (nil, nil): action = .callJS(name, .none)
                case (let d?, nil): action = .callJS(name, .data(d))
                case (nil, .array(let a)?): action = .callJS(name, .args(a))
                case (nil, _?): throw MockFixture.Problem(message: "\(at): \"args\" must be an array")
                default: throw MockFixture.Problem(message: "\(at): give \"data\" or \"args\", not both")
                }
            case (nil, .string(let name)?) where !name.isEmpty:
                if o["data"] != nil || o["args"] != nil { throw MockFixture.Problem(message: "\(at): an emit step takes \"payload\", not \"data\" or \"args\"") }
                action = .emit(name, o["payload"] ?? .null)
            case (nil, nil): throw MockFixture.Problem(message: "\(at) needs \"callJS\": NAME or \"emit\": NAME")
            case (_?, _?): throw MockFixture.Problem(message: "\(at) has both \"callJS\" and \"emit\"; one step does one thing")
            default: throw MockFixture.Problem(message: "\(at): \"callJS\"/\"emit\" must be a non-empty string")
            }
            var after: String?
            if let a = o["after"] {
                guard case .string(let m) = a, !m.isEmpty else { throw MockFixture.Problem(message: "\(at): \"after\" must be a method name") }
                after = m
            }
            var delay = Duration.zero
            if let d = o["delayMs"] {
                guard let n = d.numberValue, n >= 0, n.isFinite else { throw MockFixture.Problem(message: "\(at): delayMs must be a number >= 0") }
                delay = .milliseconds(exactly: n)
            }
            steps.append(NativeStep(action: action, after: after, delay: delay))
        }
        return steps
    }
}
