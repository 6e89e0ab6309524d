import BridgeValues
/// An action compiled for dispatch: its params and result nodes and its options, built once at
/// load and shared read-only.
final class CompiledAction: Sendable {
    /// The action as written.
    let schema: ActionSchema
    /// The params object.
    let params: CompiledParam
    /// The result, when `<result>` is declared.
    let result: CompiledParam?

    private static let emptyObject = JSONValue.object([:])

    /// Compiles `schema`, then checks its defaults and examples against itself; problems are
    /// appended to `problems`.
    init(_ schema: ActionSchema, problems: inout [SchemaProblem]) {
        self.schema = schema
        let file = schema.file
        params = CompiledParam(schema.paramsObject, file: file, problems: &problems)
        result = schema.result.map { CompiledParam($0, file: file, problems: &problems) }
        for (p, node) in zip(schema.params, params.members.map(\.node)) {
            Self.checkDefaults(p, node, file: file, problems: &problems)
        }
        if let r = schema.result, let result { Self.checkDefaults(r, result, file: file, problems: &problems) }
        for (i, example) in schema.examples.enumerated() {
            let line = i < schema.exampleLines.count ? schema.exampleLines[i] : schema.line
            if params.accepts(example) { continue }
            var found: [Violation] = []
            params.collect(example, path: "params", into: &found)
            let list = found.map(\.description).joined(separator: "; ")
            problems.append(SchemaProblem(file: file, line: line, reason: "example fails its own action '\(schema.name)': \(list)"))
        }
    }

    /// Checks the `default` of `p` (and of its subtree) against its own compiled node.
    static func checkDefaults(_ p: ParamSchema, _ node: CompiledParam, file: String, problems: inout [SchemaProblem]) {
        if let value = p.default, !node.accepts(value) {
            var found: [Violation] = []
            node.collect(value, path: "default", into: &found)
            let list = found.map(\.description).joined(separator: "; ")
            let label = p.name.isEmpty ? "<items>" : "param '\(p.name)'"
            problems.append(SchemaProblem(file: file, line: p.line, reason: "default of \(label) fails its own param: \(list)"))
        }
        for (child, m) in zip(p.children, node.members) { checkDefaults(child, m.node, file: file, problems: &problems) }
        if let items = p.items, let itemsNode = node.items { checkDefaults(items, itemsNode, file: file, problems: &problems) }
    }

    /// The violations of a params value; `[]` (no allocation) when valid. `.null` (params left
    /// out of the message) is checked as an empty object.
    @inline(__always) func validate(params value: JSONValue) -> [Violation] {
        let v: JSONValue
        if case .null = value { v = Self.emptyObject } else { v = value }
        if params.accepts(v) { return [] }
        var out: [Violation] = []
        params.collect(v, path: "params", into: &out)
        return out
    }

    /// `true` when the params value is valid (`.null` counts as `{}`). Allocates nothing.
    @inline(__always) func accepts(params value: JSONValue) -> Bool {
        if case .null = value { return params.accepts(Self.emptyObject) }
        return params.accepts(value)
    }

    /// The violations of a handler's result; `[]` when valid or when no `<result>` is declared.
    func validate(result value: JSONValue) -> [Violation] {
        guard let result, !result.accepts(value) else { return [] }
        var out: [Violation] = []
        result.collect(value, path: "result", into: &out)
        return out
    }
}
