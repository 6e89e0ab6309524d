import BridgeValues
/// The TypeScript generator.
extension SchemaDocs {
    /// A `.d.ts` for every action of `set`: a params interface and a result type per action
    /// (enums as string-literal unions, nullable as `| null`, optional params with `?`), a
    /// `BridgeActions` map, and typed overloads of `bridge.call(method, params)` so editors
    /// catch unknown methods, misspelt params and wrong types. It fills the global
    /// `BridgeActionMap` of `bridge.d.ts` (`bridge-run types`), which types the global `bridge`.
    ///
    /// Objects list their declared members only, so a misspelt member is caught even where the
    /// runtime (non-strict object) would let it through; an object with no declared members is
    /// `Record<string, unknown>`. Both `number` and `integer` map to `number`.
    ///
    /// - Parameter set: the schemas.
    /// - Returns: the declaration file text.
    public static func typeScript(_ set: SchemaSet) -> String {
        var out = """
            // Generated from the bridge protocol schemas by `bridge-run docs --format typescript`.
            // Do not edit: change the XML schemas and regenerate. Use it with bridge.d.ts from
            // `bridge-run types`, whose global `bridge` it types (through BridgeActionMap); the
            // `Bridge` interface below is the same SDK, for code that imports it.

            /** Options of a bridge call. */
            export interface BridgeCallOptions {
              /** Milliseconds before the call rejects with code `TIMEOUT`. */
              timeout?: number;
              /** Receives progress payloads of long calls. */
              onProgress?: (progress: unknown) => void;
            }

            /** The error a bridge call rejects with. */
            export interface BridgeCallError extends Error {
              /** Stable code, e.g. `VALIDATION_FAILED`. */
              code: string;
              /** Extra data; for `VALIDATION_FAILED` the list of `{path, message}`. */
              details?: unknown;
            }


            """
        var names: [String: String] = [:]
        var used: Set<String> = []
        for a in set.actions {
            var base = typeName(a.name)
            var n = 2
            while used.contains(base) {
                base = typeName(a.name) + String(n)
                n += 1
            }
            used.insert(base)
            names[a.name] = base
        }
        for a in set.actions {
            let base = names[a.name]!
            out += docComment(a.description.map { [$0] } ?? [], indent: "")
            out += "export interface \(base)Params \(objectBody(a.params, indent: ""))\n\n"
            if let r = a.result {
                out += "/** Result of `\(a.name)`. */\n"
                if r.type == .object && !r.nullable {
                    out += "export interface \(base)Result \(objectBody(r.children, indent: ""))\n\n"
                } else {
                    out += "export type \(base)Result = \(tsType(r, indent: ""));\n\n"
                }
            } else {
                out += "/** Result of `\(a.name)` (not declared in the schema). */\nexport type \(base)Result = unknown;\n\n"
            }
        }
        out += "/** Every action: its params and result types. */\nexport interface BridgeActions {\n"
        for a in set.actions {
            let base = names[a.name]!
            out += "  \(quote(a.name)): { params: \(base)Params; result: \(base)Result };\n"
        }
        out += "}\n\n/** The `bridge` SDK, typed by the protocol schemas. */\nexport interface Bridge {\n"
        for a in set.actions {
            let base = names[a.name]!
            let optional = !a.params.contains { $0.required }
            out += docComment(a.description.map { [$0] } ?? [], indent: "  ")
            out += "  call(method: \(quote(a.name)), params\(optional ? "?" : ""): \(base)Params, options?: BridgeCallOptions): Promise<\(base)Result>;\n"
        }
        out += """
              /** Callback style: `callback(error, result)`. */
              post<M extends keyof BridgeActions>(
                method: M,
                params: BridgeActions[M]["params"],
                callback: (error: BridgeCallError | null, result: BridgeActions[M]["result"] | null) => void,
              ): void;
              /** Listens to a native-to-JS event. */
              on(event: string, listener: (payload: unknown) => void): void;
              /** Stops listening. */
              off(event: string, listener: (payload: unknown) => void): void;
              /** Registers a JS handler native code can call; it may return a Promise. */
              register(name: string, handler: (params: unknown) => unknown): void;
            }

            declare global {
              /** The global `bridge` of bridge.d.ts (`bridge-run types`) is typed by these actions. */
              interface BridgeActionMap extends BridgeActions {}
            }

            """
        return out
    }

    /// `nav.open` -> `NavOpen`; `user.get_info` -> `UserGetInfo`.
    static func typeName(_ action: String) -> String {
        var out = ""
        var upper = true
        for ch in action {
            if ch.isLetter || ch.isNumber, ch.isASCII {
                out += upper ? ch.uppercased() : String(ch)
                upper = false
            } else {
                upper = true
            }
        }
        if out.isEmpty || out.first!.isNumber { out = "Action" + out }
        return out
    }

    /// `{ ...members... }` with one member per line.
    static func objectBody(_ members: [ParamSchema], indent: String) -> String {
        if members.isEmpty { return "{}" }
        var out = "{\n"
        for m in members {
            var lines: [String] = []
            if let d = m.description, !d.isEmpty { lines.append(d) }
            let c = constraints(m)
            if !c.isEmpty { lines.append(c.replacing("`", with: "")) }
            if let d = m.default { lines.append("@defaultValue \(d.jsonString())") }
            out += docComment(lines, indent: indent + "  ")
            out += "\(indent)  \(memberName(m.name))\(m.required ? "" : "?"): \(tsType(m, indent: indent + "  "));\n"
        }
        return out + "\(indent)}"
    }

    /// The TypeScript type of a value.
    static func tsType(_ p: ParamSchema, indent: String) -> String {
        var t: String
        if let e = p.enum {
            t = e.map { $0.jsonString() }.joined(separator: " | ")
        } else {
            switch p.type {
            case .string: t = "string"
            case .number, .integer: t = "number"
            case .boolean: t = "boolean"
            case .any: return "unknown"
            case .object: t = p.children.isEmpty ? "Record<string, unknown>" : objectBody(p.children, indent: indent)
            case .array:
                let element = p.items.map { tsType($0, indent: indent) } ?? "unknown"
                t = element.contains("|") ? "(\(element))[]" : "\(element)[]"
            }
        }
        if p.nullable { t += " | null" }
        return t
    }

    /// A member name, quoted when it is not a plain identifier.
    static func memberName(_ name: String) -> String {
        let plain = !name.isEmpty && !name.first!.isNumber && name.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") && $0.isASCII }
        return plain ? name : quote(name)
    }

    /// A JSON/TS string literal.
    static func quote(_ s: String) -> String { JSONValue.string(s).jsonString() }

    /// A `/** ... */` block, or nothing for no lines.
    static func docComment(_ lines: [String], indent: String) -> String {
        let clean = lines.flatMap { $0.split(separator: "\n").map { String($0).trimmingSpaces.replacing("*/", with: "*\\/") } }.filter { !$0.isEmpty }
        if clean.isEmpty { return "" }
        if clean.count == 1 { return "\(indent)/** \(clean[0]) */\n" }
        return "\(indent)/**\n" + clean.map { "\(indent) * \($0)\n" }.joined() + "\(indent) */\n"
    }
}
