public import BridgeValues
/// The JSON Schema generator.
extension SchemaDocs {
    /// The draft 2020-12 URI.
    public static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// A JSON Schema (draft 2020-12) document for the params object of action `a`.
    ///
    /// It accepts and refuses exactly what ``SchemaSet/validate(method:params:)`` does for an
    /// object: `integer` is `"type": "integer"` bounded to ±2^53; booleans are never numbers;
    /// `strict` becomes `"additionalProperties": false`; `nullable` adds `"null"` to the type (and
    /// `null` to an enum); `pattern` is copied as written (our dialect is ICU; patterns in the
    /// common subset of ICU and ECMA-262 mean the same in both); string lengths count code
    /// points in both. One difference is left to the caller: the validator checks `.null` params
    /// (left out of the message) as `{}`.
    ///
    /// - Parameter a: the action.
    /// - Returns: the schema document.
    public static func jsonSchema(_ a: ActionSchema) -> JSONValue {
        guard case .object(var root) = jsonSchema(param: a.paramsObject) else { return .object([:]) }
        root["$schema"] = .string(jsonSchemaDialect)
        root["title"] = .string("\(a.name) params")
        if let d = a.description, !d.isEmpty { root["description"] = .string(d) }
        if !a.examples.isEmpty { root["examples"] = .array(a.examples) }
        return .object(root)
    }

    /// The JSON Schema of the result of `a`, or `nil` when no `<result>` is declared.
    ///
    /// - Parameter a: the action.
    public static func jsonSchemaForResult(_ a: ActionSchema) -> JSONValue? {
        guard let r = a.result, case .object(var root) = jsonSchema(param: r) else { return nil }
        root["$schema"] = .string(jsonSchemaDialect)
        root["title"] = .string("\(a.name) result")
        return .object(root)
    }

    /// The schema of one value.
    static func jsonSchema(param p: ParamSchema) -> JSONValue {
        var s: JSONObject = [:]
        if p.type != .any {
            s["type"] = p.nullable ? .array([.string(p.type.rawValue), "null"]) : .string(p.type.rawValue)
        }
        if let d = p.description, !d.isEmpty { s["description"] = .string(d) }
        if let d = p.default { s["default"] = d }
        if let e = p.enum { s["enum"] = .array(p.nullable ? e + [.null] : e) }
        var low = p.min
        var high = p.max
        if p.type == .integer {
            low = Swift.max(low ?? -CompiledParam.maxSafeInteger, -CompiledParam.maxSafeInteger)
            high = Swift.min(high ?? CompiledParam.maxSafeInteger, CompiledParam.maxSafeInteger)
        }
        if let low { s["minimum"] = .number(low) }
        if let high { s["maximum"] = .number(high) }
        if let v = p.minLength { s["minLength"] = .number(Double(v)) }
        if let v = p.maxLength { s["maxLength"] = .number(Double(v)) }
        if let v = p.pattern { s["pattern"] = .string(v) }
        if let v = p.minItems { s["minItems"] = .number(Double(v)) }
        if let v = p.maxItems { s["maxItems"] = .number(Double(v)) }
        if p.type == .array, let items = p.items { s["items"] = jsonSchema(param: items) }
        if p.type == .object {
            var properties: JSONObject = [:]
            for c in p.children { properties[c.name] = jsonSchema(param: c) }
            if !properties.isEmpty { s["properties"] = .object(properties) }
            let required = p.children.filter(\.required).map { JSONValue.string($0.name) }
            if !required.isEmpty { s["required"] = .array(required) }
            if p.strict { s["additionalProperties"] = false }
        }
        return .object(s)
    }

    /// The file name `bridge-run docs --format jsonschema` writes for `a`: `<action>.schema.json`.
    public static func jsonSchemaFileName(_ a: ActionSchema) -> String { "\(a.name).schema.json" }
}
