import BridgeValues
/// Turns the element tree of one schema file into a ``ProtocolSchema``, collecting every
/// structural problem (unknown element, attribute or type, bad numbers, min > max, facets on
/// the wrong type, duplicate params, ...) instead of stopping at the first.
///
/// Checks that need compiled schemas (regexes, defaults, examples) and duplicate actions across
/// files are done by ``SchemaCompiler`` and ``SchemaSet``.
struct SchemaBuilder {
    /// The file being read, for problems.
    let file: String
    /// Problems found so far, in document order.
    private(set) var problems: [SchemaProblem] = []

    init(file: String) {
        self.file = file
    }

    /// The element kinds that describe a value, and the attributes each accepts.
    enum ValueElement {
        case param, items, result

        var allowedAttributes: Set<String> {
            let facets: Set<String> = [
                "type", "nullable", "enum", "min", "max", "minLength", "maxLength", "pattern",
                "minItems", "maxItems", "strict", "description",
            ]
            switch self {
            case .param: return facets.union(["name", "required", "default"])
            case .items, .result: return facets
            }
        }
    }

    mutating func problem(_ line: Int, _ reason: String) {
        problems.append(SchemaProblem(file: file, line: line, reason: reason))
    }

    /// Reads the root `<protocol>` element.
    mutating func build(_ root: SchemaXMLElement) -> ProtocolSchema {
        guard root.name == "protocol" else {
            problem(root.line, "root element must be <protocol>, not <\(root.name)>")
            return ProtocolSchema(name: "", file: file)
        }
        checkAttributes(root, allowed: ["name", "version"])
        checkNoText(root)
        let name = root.attribute("name") ?? ""
        if name.isEmpty { problem(root.line, "<protocol> needs a name attribute") }
        var proto = ProtocolSchema(name: name, version: root.attribute("version"), file: file)
        for child in root.children {
            switch child.name {
            case "description": proto.description = readDescription(child)
            case "action": proto.actions.append(readAction(child))
            default: problem(child.line, "unknown element <\(child.name)> in <protocol>")
            }
        }
        return proto
    }

    mutating func readAction(_ e: SchemaXMLElement) -> ActionSchema {
        checkAttributes(e, allowed: ["name", "timeout", "permission", "ordered", "strict", "description"])
        checkNoText(e)
        let name = e.attribute("name") ?? ""
        if name.isEmpty { problem(e.line, "<action> needs a name attribute") }
        var action = ActionSchema(name: name, file: file, line: e.line)
        action.description = e.attribute("description")
        if let t = e.attribute("timeout") {
            if let v = Double(t), v.isFinite, v > 0 {
                action.timeout = .milliseconds(exactly: v)
            } else {
                problem(e.line, "timeout must be a positive number of milliseconds, not '\(t)'")
            }
        }
        if let p = e.attribute("permission") {
            if p.isEmpty { problem(e.line, "permission must not be empty") }
            action.permission = p
        }
        action.ordered = readBool(e, "ordered") ?? false
        action.strict = readBool(e, "strict") ?? false
        var seen: [ScalarKey: Int] = [:]
        for child in e.children {
            switch child.name {
            case "description": action.description = readDescription(child)
            case "param":
                let p = readValue(child, as: .param)
                checkDuplicate(p, seen: &seen, owner: "action '\(name)'")
                action.params.append(p)
            case "result":
                if action.result != nil { problem(child.line, "action '\(name)' has more than one <result>") }
                action.result = readValue(child, as: .result)
            case "example":
                checkAttributes(child, allowed: [])
                checkNoChildren(child)
                do {
                    action.examples.append(try JSONParser().parse(child.text))
                    action.exampleLines.append(child.line)
                } catch {
                    problem(child.line, "example of '\(name)' is not valid JSON: \(error)")
                }
            default: problem(child.line, "unknown element <\(child.name)> in <action>")
            }
        }
        return action
    }

    /// The words for a param declared twice in one owner, for files and for sets built in code.
    static func duplicateParam(_ name: String, in owner: String, firstLine: Int) -> String {
        "duplicate param '\(name)' in \(owner)" + (firstLine > 0 ? " (first declared at line \(firstLine))" : "")
    }

    /// Param names compare by Unicode scalars, as the validator does.
    mutating func checkDuplicate(_ p: ParamSchema, seen: inout [ScalarKey: Int], owner: String) {
        guard !p.name.isEmpty else { return }
        if let first = seen[ScalarKey(p.name)] {
            problem(p.line, Self.duplicateParam(p.name, in: owner, firstLine: first))
        } else {
            seen[ScalarKey(p.name)] = p.line
        }
    }

    /// Reads a `<param>`, `<items>` or `<result>` element and its subtree.
    mutating func readValue(_ e: SchemaXMLElement, as kind: ValueElement) -> ParamSchema {
        checkAttributes(e, allowed: kind.allowedAttributes)
        checkNoText(e)
        let name = e.attribute("name") ?? ""
        let label = kind == .param ? "param '\(name)'" : "<\(e.name)>"
        if kind == .param && name.isEmpty { problem(e.line, "<param> needs a name attribute") }
        var type = SchemaType.any
        if let t = e.attribute("type") {
            if let known = SchemaType(rawValue: t) {
                type = known
            } else {
                problem(e.line, "unknown type '\(t)' (expected one of \(SchemaType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        } else {
            problem(e.line, "\(label) needs a type attribute")
        }
        var p = ParamSchema(name: name, type: type, line: e.line)
        p.required = readBool(e, "required") ?? false
        p.nullable = readBool(e, "nullable") ?? false
        p.strict = readBool(e, "strict") ?? false
        p.description = e.attribute("description")
        p.min = readNumber(e, "min")
        p.max = readNumber(e, "max")
        p.minLength = readCount(e, "minLength")
        p.maxLength = readCount(e, "maxLength")
        p.minItems = readCount(e, "minItems")
        p.maxItems = readCount(e, "maxItems")
        p.pattern = e.attribute("pattern")
        checkRange(e, "min", p.min, "max", p.max)
        checkRange(e, "minLength", p.minLength.map(Double.init), "maxLength", p.maxLength.map(Double.init))
        checkRange(e, "minItems", p.minItems.map(Double.init), "maxItems", p.maxItems.map(Double.init))
        checkFacets(e, type: type, label: label)
        if let raw = e.attribute("enum") {
            if type.isScalar {
                p.enum = readEnum(raw, type: type, line: e.line)
            } else {
                problem(e.line, "enum is only allowed on string, number, integer or boolean, not on \(type) (\(label))")
            }
        }
        if let raw = e.attribute("default") {
            p.default = readDefault(raw, type: type, line: e.line)
        }
        var seen: [ScalarKey: Int] = [:]
        for child in e.children {
            switch child.name {
            case "description": p.description = readDescription(child)
            case "param":
                let c = readValue(child, as: .param)
                if type != .object {
                    problem(child.line, "child <param> '\(c.name)' is only allowed in an object, and \(label) is \(type)")
                }
                checkDuplicate(c, seen: &seen, owner: label)
                p.children.append(c)
            case "items":
                if type != .array { problem(child.line, "<items> is only allowed in an array, and \(label) is \(type)") }
                if p.items != nil { problem(child.line, "\(label) has more than one <items>") }
                p.items = readValue(child, as: .items)
            default: problem(child.line, "unknown element <\(child.name)> in <\(e.name)>")
            }
        }
        if type == .array && p.items == nil {
            problem(e.line, "array \(label) needs an <items> element (use <items type=\"any\"/> for any elements)")
        }
        return p
    }

    /// Refuses facets that have no meaning for `type` (e.g. `minLength` on an integer).
    mutating func checkFacets(_ e: SchemaXMLElement, type: SchemaType, label: String) {
        let applies: [(String, Set<SchemaType>)] = [
            ("min", [.number, .integer]), ("max", [.number, .integer]),
            ("minLength", [.string]), ("maxLength", [.string]), ("pattern", [.string]),
            ("minItems", [.array]), ("maxItems", [.array]), ("strict", [.object]),
        ]
        for (facet, types) in applies where e.attribute(facet) != nil && !types.contains(type) {
            problem(e.line, "\(facet) does not apply to type \(type) (\(label))")
        }
    }

    mutating func readEnum(_ raw: String, type: SchemaType, line: Int) -> [JSONValue]? {
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        if parts.isEmpty || parts.contains(where: \.isEmpty) {
            problem(line, "enum must be a comma-separated list of non-empty values, not '\(raw)'")
            return nil
        }
        var values: [JSONValue] = []
        for part in parts {
            guard let v = scalar(part, type: type) else {
                problem(line, "enum value '\(part)' is not a valid \(type)")
                return nil
            }
            if values.contains(v) {
                problem(line, "enum value '\(part)' is listed twice")
                return nil
            }
            values.append(v)
        }
        return values
    }

    /// A default is written as plain text for scalars (`default="list"`) and as JSON for the rest.
    mutating func readDefault(_ raw: String, type: SchemaType, line: Int) -> JSONValue? {
        if type.isScalar {
            if raw == "null" { return .null }
            if let v = scalar(raw, type: type) { return v }
            problem(line, "default '\(raw)' is not a valid \(type)")
            return nil
        }
        do {
            return try JSONParser().parse(raw)
        } catch {
            problem(line, "default of a \(type) must be JSON: \(error)")
            return nil
        }
    }

    func scalar(_ text: String, type: SchemaType) -> JSONValue? {
        switch type {
        case .string: return .string(text)
        case .boolean:
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            return nil
        case .number, .integer:
            guard let d = Double(text), d.isFinite, text.first != "+", !text.hasPrefix("0x"), !text.hasPrefix("-0x") else { return nil }
            if type == .integer && !CompiledParam.isInteger(d) { return nil }
            return .number(d)
        case .object, .array, .any: return nil
        }
    }

    mutating func readBool(_ e: SchemaXMLElement, _ name: String) -> Bool? {
        guard let raw = e.attribute(name) else { return nil }
        if raw == "true" { return true }
        if raw == "false" { return false }
        problem(e.line, "\(name) must be true or false, not '\(raw)'")
        return nil
    }

    mutating func readNumber(_ e: SchemaXMLElement, _ name: String) -> Double? {
        guard let raw = e.attribute(name) else { return nil }
        if let d = Double(raw.trimmingSpaces), d.isFinite { return d }
        problem(e.line, "\(name) must be a number, not '\(raw)'")
        return nil
    }

    mutating func readCount(_ e: SchemaXMLElement, _ name: String) -> Int? {
        guard let raw = e.attribute(name) else { return nil }
        if let n = Int(raw.trimmingSpaces), n >= 0 { return n }
        problem(e.line, "\(name) must be a non-negative integer, not '\(raw)'")
        return nil
    }

    mutating func checkRange(_ e: SchemaXMLElement, _ lowName: String, _ low: Double?, _ highName: String, _ high: Double?) {
        if let low, let high, low > high {
            problem(e.line, "\(lowName) (\(JSONValue.number(low))) is greater than \(highName) (\(JSONValue.number(high)))")
        }
    }

    mutating func readDescription(_ e: SchemaXMLElement) -> String {
        checkAttributes(e, allowed: [])
        checkNoChildren(e)
        return e.text.trimmingSpaces
    }

    mutating func checkAttributes(_ e: SchemaXMLElement, allowed: Set<String>) {
        for a in e.attributes where !allowed.contains(a.name) {
            problem(e.line, "unknown attribute '\(a.name)' on <\(e.name)>")
        }
    }

    mutating func checkNoText(_ e: SchemaXMLElement) {
        if !e.text.trimmingSpaces.isEmpty { problem(e.line, "unexpected text in <\(e.name)>") }
    }

    mutating func checkNoChildren(_ e: SchemaXMLElement) {
        for c in e.children { problem(c.line, "unexpected element <\(c.name)> in <\(e.name)>") }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
