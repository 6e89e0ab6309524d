/// Generators that turn schemas into documentation, TypeScript typings and JSON Schema, so what
/// is published is exactly what is enforced.
///
/// - ``markdown(_:)``: one page per protocol.
/// - ``typeScript(_:)``: one `.d.ts` for a whole set.
/// - ``jsonSchema(_:)``: one JSON Schema (draft 2020-12) per action, for its params object.
public enum SchemaDocs {
    /// A Markdown page for one protocol: every action with its description, dispatch
    /// attributes, a parameter table (name, type, required, constraints, default), its result
    /// and its examples.
    ///
    /// - Parameter p: the protocol.
    /// - Returns: the Markdown text, ending with a newline.
    public static func markdown(_ p: ProtocolSchema) -> String {
        var out = "# Protocol `\(p.name)`"
        if let v = p.version { out += " (version \(v))" }
        out += "\n\n"
        if let d = p.description, !d.isEmpty { out += "\(d)\n\n" }
        out += "Generated from `\(p.file)`. \(p.actions.count) action\(p.actions.count == 1 ? "" : "s"):\n\n"
        for a in p.actions { out += "- [`\(a.name)`](#\(anchor(a.name)))\n" }
        for a in p.actions { out += "\n" + markdown(action: a) }
        return out
    }

    /// The Markdown section of one action.
    static func markdown(action a: ActionSchema) -> String {
        var out = "## `\(a.name)`\n\n"
        if let d = a.description, !d.isEmpty { out += "\(d)\n\n" }
        var facts: [String] = []
        if let t = a.timeout { facts.append("timeout \(CompiledParam.number(t.milliseconds)) ms") }
        if a.ordered { facts.append("ordered (calls run one at a time, in arrival order)") }
        if let p = a.permission { facts.append("permission `\(p)`") }
        if a.strict { facts.append("strict (unknown params are refused)") }
        if !facts.isEmpty { out += "- " + facts.joined(separator: "\n- ") + "\n\n" }
        out += "### Parameters\n\n"
        if a.params.isEmpty {
            out += "None.\n\n"
        } else {
            out += "| Name | Type | Required | Constraints | Default | Description |\n"
            out += "| --- | --- | --- | --- | --- | --- |\n"
            for p in a.params { out += rows(p, prefix: "") }
            out += "\n"
        }
        out += "### Result\n\n"
        if let r = a.result {
            out += "Type: `\(typeLabel(r))`" + (constraints(r).isEmpty ? "" : " (\(constraints(r)))") + "\n\n"
            if let d = r.description, !d.isEmpty { out += "\(d)\n\n" }
            let members = r.type == .object ? r.children : (r.items?.type == .object ? r.items!.children : [])
            let prefix = r.type == .object ? "" : "[]."
            if !members.isEmpty {
                out += "| Name | Type | Required | Constraints | Default | Description |\n"
                out += "| --- | --- | --- | --- | --- | --- |\n"
                for p in members { out += rows(p, prefix: prefix) }
                out += "\n"
            }
        } else {
            out += "Not declared.\n\n"
        }
        if !a.examples.isEmpty {
            out += "### Example\(a.examples.count == 1 ? "" : "s")\n\n"
            for e in a.examples {
                out += "```js\nbridge.call(\"\(a.name)\", \(e.jsonString()))\n```\n\n"
            }
        }
        return out
    }

    /// Table rows for a param and, flattened with dotted names, its members and items.
    static func rows(_ p: ParamSchema, prefix: String) -> String {
        let name = prefix + p.name
        let def = p.default.map { "`\($0.jsonString())`" } ?? ""
        let desc = cell(p.description ?? "")
        var out = "| `\(name)` | \(typeLabel(p)) | \(p.required ? "yes" : "no") | \(cell(constraints(p))) | \(def) | \(desc) |\n"
        for c in p.children { out += rows(c, prefix: name + ".") }
        if let items = p.items {
            if items.type == .object || !constraints(items).isEmpty || items.description != nil {
                out += "| `\(name)[]` | \(typeLabel(items)) | — | \(cell(constraints(items))) |  | \(cell(items.description ?? "")) |\n"
            }
            for c in items.children { out += rows(c, prefix: name + "[].") }
        }
        return out
    }

    /// `string`, `integer \| null`, `string[]`, `object[][]`.
    static func typeLabel(_ p: ParamSchema) -> String {
        var label = p.type == .array ? (p.items.map { typeLabel($0) + "[]" } ?? "array") : p.type.rawValue
        if p.type == .array, let items = p.items, items.nullable { label = "(\(typeLabel(items)))[]" }
        if p.nullable { label += " \\| null" }
        return label
    }

    /// The facets of a param in words, e.g. `one of: a, b; ≥ 1; pattern ^[a-z]+$`.
    static func constraints(_ p: ParamSchema) -> String {
        var parts: [String] = []
        if let e = p.enum { parts.append("one of: " + e.map { "`\($0.stringValue ?? $0.jsonString())`" }.joined(separator: ", ")) }
        if let v = p.min { parts.append("≥ \(CompiledParam.number(v))") }
        if let v = p.max { parts.append("≤ \(CompiledParam.number(v))") }
        if let v = p.minLength { parts.append("length ≥ \(v)") }
        if let v = p.maxLength { parts.append("length ≤ \(v)") }
        if let v = p.pattern { parts.append("pattern `\(v)`") }
        if let v = p.minItems { parts.append("items ≥ \(v)") }
        if let v = p.maxItems { parts.append("items ≤ \(v)") }
        if p.strict { parts.append("strict") }
        return parts.joined(separator: "; ")
    }

    /// Text made safe for one table cell.
    static func cell(_ s: String) -> String {
        s.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    /// The GitHub-style anchor of a heading `` `nav.open` ``.
    static func anchor(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }
}
