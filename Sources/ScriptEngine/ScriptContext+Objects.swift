internal import CJSC

extension ScriptContext {
    /// Evaluates a prepared script whose completion value is an object and hands that object
    /// over as a `SharedObject` (to return from a native call of this context); `nil` when the
    /// value is not an object.
    package func evaluateObject(_ source: ScriptSource, sourceURL: String) throws(ScriptError) -> SharedObject? {
        let outcome: Result<JSValueRef?, ScriptError> = JSStringConversion.with(sourceURL) { url in
            Result { () throws(ScriptError) -> JSValueRef? in
                try trying { JSEvaluateScript(ctx, source.ref, nil, url, 1, $0) }
            }
        }
        guard let value = try outcome.get(), JSValueIsObject(ctx, value), let object = attempt({ JSValueToObject(ctx, value, $0) }) else { return nil }
        return SharedObject(ref: object, group: vm.group)
    }
}
