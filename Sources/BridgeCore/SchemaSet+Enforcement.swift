public import BridgeSchema
import BridgeValues

/// Enforcing a schema set in an engine: the bridge uses schemas (the schema layer knows nothing
/// of engines).
extension BridgeEngine {
    /// Validates every call against `schemas` before its handler is looked up, and applies the
    /// actions' `timeout`, `ordered` and `permission` attributes.
    ///
    /// A call whose params fail settles with `VALIDATION_FAILED` (details: the `{path, message}`
    /// list) and its handler never runs. Adds to what is installed (capabilities still run first,
    /// in their own stage).
    ///
    /// - Parameters:
    ///   - schemas: the protocol schemas.
    ///   - strict: refuse calls to actions with no schema with `METHOD_NOT_FOUND` (default: they
    ///     pass).
    ///   - validateResults: check handler results against `<result>`; a mismatch becomes
    ///     `HANDLER_ERROR` naming the path (for tests of native handlers).
    public func install(_ schemas: SchemaSet, strict: Bool = false, validateResults: Bool = false) {
        addOptionsSource { method in schemas.action(method).map(ActionOptions.init(schema:)) }
        addCallCheck(.validation) { call, _ in
            if let error = schemas.validationError(method: call.method, params: call.params) { return error }
            if strict, schemas.action(call.method) == nil {
                return BridgeError(code: .methodNotFound, message: "no schema for method '\(call.method)' (strict schemas)")
            }
            return nil
        }
        guard validateResults else { return }
        addResultCheck { call, result in
            guard let violations = schemas.validateResult(method: call.method, result: result), let first = violations.first else { return nil }
            let list = violations.map { "\($0.path): \($0.message)" }.joined(separator: "; ")
            return BridgeError(
                code: .handlerError, message: "result of '\(call.method)' does not match its schema at \(first.path): \(list)",
                details: .array(violations.map(\.jsonValue)))
        }
    }
}

extension ActionOptions {
    /// The options an action's schema attributes ask for (`timeout`, `ordered`, `permission`).
    public init(schema: ActionSchema) {
        self.init(timeout: schema.timeout, ordered: schema.ordered, permission: schema.permission)
    }
}
