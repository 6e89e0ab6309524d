public import BridgeRuntime
import BridgeValues
import Synchronization

/// A stand-in for native actions in tests: answers the methods it was given (a value, an error,
/// or a closure of the call) and records every call it received, from any thread.
///
/// ```swift
/// let native = RecordingComponent()
/// native.answer("user.get", with: ["name": "Ada"])
/// native.fail("pay.start", with: BridgeError(code: .init(rawValue: "DENIED"), message: "no"))
/// try native.register(in: registry)            // or: TestBridge(…, native)
/// … run the page …
/// #expect(native.calls(to: "user.get").count == 1)
/// ```
public final class RecordingComponent: Sendable {
    /// How a method answers.
    public enum Answer: Sendable {
        /// A result.
        case value(JSONValue)
        /// An error.
        case error(BridgeError)
        /// Whatever the closure returns or throws for the call.
        case compute(@Sendable (BridgeCall) throws -> JSONValue)
    }

    /// By method name, compared by Unicode scalars.
    private let answers = Mutex<[ScalarKey: Answer]>([:])
    private let received = Mutex<[BridgeCall]>([])

    /// Creates a component with no methods.
    public init() {}

    /// Answers `method` with `value`.
    public func answer(_ method: String, with value: JSONValue) {
        answers.withLock { $0[ScalarKey(method)] = .value(value) }
    }

    /// Fails `method` with `error`.
    public func fail(_ method: String, with error: BridgeError) {
        answers.withLock { $0[ScalarKey(method)] = .error(error) }
    }

    /// Answers `method` with what `body` returns (or throws) for each call.
    public func answer(_ method: String, _ body: @escaping @Sendable (BridgeCall) throws -> JSONValue) {
        answers.withLock { $0[ScalarKey(method)] = .compute(body) }
    }

    /// Every call received, in order.
    public var calls: [BridgeCall] { received.withLock { $0 } }

    /// The params of every call to `method`, in order.
    public func calls(to method: String) -> [JSONValue] {
        received.withLock { $0.filter { $0.method.sameScalars(as: method) }.map(\.params) }
    }

    /// Registers the methods given so far in `registry`, each as a synchronous action.
    ///
    /// - Throws: `BridgeError` when one of the names is already registered there.
    public func register(in registry: BridgeRegistry) throws(BridgeError) {
        for method in answers.withLock({ $0.keys.sorted().map(\.string) }) {
            try registry.register(action: method) { [self] call in try respond(to: call) }
        }
    }

    /// A dispatcher for `BridgeEngine.addDispatcher`: answers the methods given (also those
    /// given later), passes the rest on.
    public var dispatcher: @MainActor (BridgeMessage) -> ActionHandler? {
        { [self] message in
            guard answers.withLock({ $0[ScalarKey(message.method)] }) != nil else { return nil }
            return .sync { [self] call in try respond(to: call) }
        }
    }

    private func respond(to call: BridgeCall) throws -> JSONValue {
        received.withLock { $0.append(call) }
        switch answers.withLock({ $0[ScalarKey(call.method)] }) {
        case .value(let v)?: return v
        case .error(let e)?: throw e
        case .compute(let body)?: return try body(call)
        case nil: throw BridgeError.methodNotFound(call.method)
        }
    }
}
