/// Enforcing a schema set in an engine.
extension SchemaSet {
    /// Makes `engine` validate every call against this set before its handler is looked up.
    ///
    /// A call whose params fail settles with `VALIDATION_FAILED` (details: the `{path, message}`
    /// list) and its handler never runs. Actions' `timeout`, `ordered` and `permission`
    /// attributes apply. Any call filter already installed still runs first.
    ///
    /// - Parameters:
    ///   - engine: the engine to guard.
    ///   - strict: refuse calls to actions with no schema with `METHOD_NOT_FOUND` (default: they
    ///     pass).
    ///   - validateResults: check handler results against `<result>`; a mismatch becomes
    ///     `HANDLER_ERROR` naming the path (for tests of native handlers).
    @MainActor
    public func install(on engine: BridgeEngine, strict: Bool = false, validateResults: Bool = false) {
        let previous = engine.callFilter
        engine.callFilter = { [self] call in
            if let error = previous?(call) { return error }
            if let error = validationError(method: call.method, params: call.params) { return error }
            if strict, action(call.method) == nil {
                return BridgeError(code: .methodNotFound, message: "no schema for method '\(call.method)' (strict schemas)")
            }
            return nil
        }
        let previousOptions = engine.optionsProvider
        engine.optionsProvider = { [self] method in options(for: method) ?? previousOptions?(method) }
        if validateResults {
            let previousResult = engine.resultFilter
            engine.resultFilter = { [self] method, result in
                if let error = previousResult?(method, result) { return error }
                guard let violations = validateResult(method: method, result: result), let first = violations.first else { return nil }
                let list = violations.map { "\($0.path): \($0.message)" }.joined(separator: "; ")
                return BridgeError(
                    code: .handlerError, message: "result of '\(method)' does not match its schema at \(first.path): \(list)",
                    details: .array(violations.map(\.jsonValue)))
            }
        }
    }
}
