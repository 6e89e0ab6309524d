internal import CJSC
package import BridgeValues

extension ScriptContext {
    /// Evaluates a prepared script (``ScriptSource``): the same as `evaluate(_:sourceURL:)` with
    /// its text, without converting the text again, and from its second evaluation in this VM
    /// on without copying and hashing it again either (``PreparedScripts``).
    @discardableResult
    package func evaluate(_ source: ScriptSource, sourceURL: String?, line: Int = 1, wantResult: Bool = true) throws(ScriptError) -> JSONValue? {
        guard let value = try value(of: source, sourceURL: sourceURL, line: line), wantResult else { return nil }
        return try json(of: value)
    }

    /// `evaluateFunction(_:sourceURL:)` for a prepared script.
    package func evaluateFunction(_ source: ScriptSource, sourceURL: String) throws(ScriptError) -> ScriptFunction? {
        try value(of: source, sourceURL: sourceURL, line: 1).flatMap(function(from:))
    }

    /// The completion value of `source`, through the exception funnel.
    private func value(of source: ScriptSource, sourceURL: String?, line: Int) throws(ScriptError) -> JSValueRef? {
        let prepared = vm.preparedScripts.script(for: source, sourceURL: sourceURL, line: line, in: vm.group)
        if let prepared { return try trying { JSScriptEvaluate(ctx, prepared, nil, $0) } }
        let outcome: Result<JSValueRef?, ScriptError> = JSStringConversion.with(sourceURL ?? "") { url in
            Result { () throws(ScriptError) -> JSValueRef? in
                try trying { JSEvaluateScript(ctx, source.ref, nil, sourceURL == nil ? nil : url, Int32(clamping: line), $0) }
            }
        }
        return try outcome.get()
    }
}
