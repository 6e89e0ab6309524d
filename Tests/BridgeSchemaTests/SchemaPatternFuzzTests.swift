import Testing
@testable import BridgeSchema
@testable import BridgeValues

/// Seeded differential fuzzing: the native pattern matcher against ICU, and the yes/no
/// validation pass (`isValid`) against the collecting one (`validate`). Deterministic
/// (SplitMix64 from a fixed seed), so a failure reproduces; each is reported shrunk.
struct SchemaPatternFuzzTests {
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            let z = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9, y = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return y ^ (y >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
        mutating func pick<T>(_ list: [T]) -> T { list[int(list.count)] }
    }

    static let literals = Array("abcxyzAZ0159 -_:/#@,;'\"=<>~`!%&\t")
    static let punctuation = Array(".$^*+?()[]{}|\\-/:#&'\"~<>!@%_,;=`")
    static let classChars = Array("abcxyzAZ0159 _:./#!@,;=")
    /// ASCII-heavy, with line terminators, non-ASCII digits (Nd), letters and an emoji.
    static let alphabet = ["a", "b", "c", "x", "z", "A", "Z", "0", "1", "5", "9", " ", "-", "_", ":", ".", "/", "#", "\t",
                           "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "٣", "１", "𝟘", "é", "ß", "😀"]

    static func charClass(_ r: inout SplitMix64, negatable: Bool) -> String {
        if r.chance(4) { return "[:" + r.pick(["alpha", "digit", "a", "L", "^alpha"]) + ":]" }
        var s = "[" + (negatable && r.chance(30) ? "^" : "") + (r.chance(10) ? "-" : "")
        for _ in 0...r.int(3) {
            switch r.int(5) {
            case 0, 1: let a = r.pick(classChars), b = r.pick(classChars); s += "\(min(a, b))-\(max(a, b))"
            case 2: s += "\\" + String(r.pick(Array("]-\\[^.$&{}:")))
            default: s += String(r.pick(classChars))
            }
        }
        return s + (r.chance(10) ? "-" : "") + "]"
    }

    static func atom(_ r: inout SplitMix64, inGroup: Bool) -> String {
        switch r.int(10) {
        case 0...3: return String(r.pick(literals))
        case 4: return "\\" + String(r.pick(punctuation))
        case 5: return "\\d"
        default: return charClass(&r, negatable: !inGroup)
        }
    }

    static func pattern(_ r: inout SplitMix64) -> String {
        var p = r.chance(50) ? "^" : ""
        for _ in 0...r.int(6) {
            if r.chance(20) {
                p += "(" + (r.chance(50) ? "?:" : "") + (0...r.int(3)).map { _ in atom(&r, inGroup: true) }.joined(separator: "|") + ")"
            } else {
                p += atom(&r, inGroup: false)
            }
            let n = r.int(5), m = n + r.int(4)
            p += r.pick(["", "", "", "", "?", "*", "+", "{\(n)}", "{\(n),}", "{\(n),\(m)}"])
        }
        return p + (r.chance(50) ? "$" : "")
    }

    /// A string the units say the pattern matches (then maybe mutated), or a random one.
    static func string(for fast: SchemaFastPattern, _ r: inout SplitMix64, pool: [String]) -> String {
        if r.chance(30) { return (0..<r.int(9)).map { _ in r.pick(pool) }.joined() }
        var out: [String] = []
        for (j, unit) in fast.units.enumerated() {
            let count = unit.star ? r.int(4) : (fast.skippable & (1 << UInt64(j)) != 0 ? r.int(2) : 1)
            let fits = pool.filter { $0.unicodeScalars.count == 1 && unit.matches($0.unicodeScalars.first!) }
            for _ in 0..<count where !fits.isEmpty { out.append(r.pick(fits)) }
        }
        if r.chance(40), !out.isEmpty { out[r.int(out.count)] = r.pick(pool) }
        if r.chance(20) { out.insert(r.pick(pool), at: 0) }
        if r.chance(30) { out.append(r.pick(pool)) }
        return out.joined()
    }

    static func disagrees(_ p: String, _ s: String) -> Bool {
        guard let fast = SchemaFastPattern.compile(p), let icu = try? SchemaPattern(p) else { return false }
        return fast.matches(s) != icu.matchesWithICU(s)
    }

    /// Drops scalars from the string, then runs of up to 4 from the pattern, while the engines
    /// still disagree.
    static func shrink(_ pattern: String, _ string: String) -> (String, String) {
        func text<S: Sequence<Unicode.Scalar>>(_ a: S) -> String { var v = String.UnicodeScalarView(); v.append(contentsOf: a); return String(v) }
        var p = Array(pattern.unicodeScalars), s = Array(string.unicodeScalars), progress = true
        while progress {
            progress = false
            for i in s.indices.reversed() where i < s.count && disagrees(text(p), text(s[..<i] + s[(i + 1)...])) {
                s.remove(at: i); progress = true
            }
            for n in 1...4 {
                for i in p.indices.reversed() where i + n <= p.count && disagrees(text(p[..<i] + p[(i + n)...]), text(s)) {
                    p.removeSubrange(i..<(i + n)); progress = true
                }
            }
        }
        return (text(p), text(s))
    }

    static func show(_ s: String) -> String { s.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() }

    @Test("random patterns of the fast subset answer as ICU does on random strings")
    static func fastMatcherAgreesWithICU() {
        var r = SplitMix64(state: 0x5EED_0001)
        var pairs = 0, compiled = 0, refusedByICU = 0, found: [String: String] = [:]
        for _ in 0..<3000 {
            let p = pattern(&r)
            guard let fast = SchemaFastPattern.compile(p) else { continue }
            guard let icu = try? SchemaPattern(p) else { refusedByICU += 1; continue }
            compiled += 1
            let pool = alphabet + p.unicodeScalars.map { String($0) }
            for _ in 0..<6 {
                let s = string(for: fast, &r, pool: pool)
                pairs += 1
                if fast.matches(s) != icu.matchesWithICU(s), found.count < 8, found[p] == nil {
                    let (mp, ms) = shrink(p, s), answer = SchemaFastPattern.compile(mp)!.matches(ms)
                    found[p] = "pattern \(show(mp)) on \(show(ms)): fast \(answer), ICU \(!answer) (found as \(show(p)) on \(show(s)))"
                }
            }
        }
        for message in Set(found.values).sorted() { Issue.record("\(message)") }
        print("pattern fuzz: \(compiled) patterns compiled, \(pairs) pairs, \(refusedByICU) fast patterns ICU refuses, \(found.count) disagreements")
        #expect(pairs > 10_000)
    }

    /// The shrunk disagreements the fuzz found, now answered as ICU does: `[:alpha:]` right
    /// after `[` is a named set in ICU, not a class of literals (the fast path leaves it to
    /// ICU); and ICU's `$` never matches between the CR and LF of a final CR LF.
    @Test("what the fuzz found: named sets, and `$` between CR and LF", arguments: [
        ("[:alpha:]", ":"), ("[:alpha:]", "b"), ("[:digit:]", "7"), ("[^:digit:]", "7"), ("^[^a]$", "\r\n"), ("^[^ ]{4}$", "abc\r\n"),
        ("^[^a]{2}$", "é\r\n"), ("^a\r?$", "a\r\n"), ("^[^x]*$", "ab\r\n"), ("^[^x]*$", "éb\r\n"),
    ])
    static func foundByTheFuzz(_ pattern: String, _ string: String) throws {
        let compiled = try SchemaPattern(pattern)
        #expect(compiled.matches(string) == compiled.matchesWithICU(string), "\(show(pattern)) on \(show(string))")
        if pattern.contains("[:") || pattern.contains("[^:") { #expect(SchemaFastPattern.compile(pattern) == nil) }
    }

    /// A member declared twice in code made the two passes disagree (the yes/no pass counted only
    /// the first declaration's `required`; the large-object path counted the payload's key once
    /// per declaration for `strict`). Such a set is refused now, as the XML loader refuses it.
    @Test("a param declared twice in code is refused, as in a file", arguments: [
        ([false, true], false), ([true, true], false), ([false, false] + Array(repeating: false, count: 15), true),
    ])
    static func repeatedParamsAreRefused(_ required: [Bool], _ strict: Bool) throws {
        let params = required.enumerated().map { ParamSchema(name: $0.offset < 2 ? "x" : "m\($0.offset)", type: .string, required: $0.element) }
        let error = #expect(throws: SchemaLoadError.self) {
            try SchemaSet(protocols: [ProtocolSchema(name: "p", actions: [ActionSchema(name: "a", strict: strict, params: params)])])
        }
        #expect(error?.problems.map(\.reason) == ["duplicate param 'x' in action 'a'"])
    }

    final class Node { var type = "any", attrs = "", enumValues: [JSONValue] = [], children: [(name: String, required: Bool, node: Node)] = [], items: Node? }

    static let names = ["a", "b", "aa", "ab", "B", "id", "é", "e\u{301}", "Ω", "😀", "k", "k1", "k10", "k2", "x-y", "_"] + (0..<20).map { "m\($0)" }
    static let schemaPatterns = ["^[a-z_]+$", "^\\d{1,3}$", "^[^0-9]+$", "a|b", "^(a|é)+$", "^.{0,3}$", "x*$", "^[a-c]{2}$"]
    static let strings = ["", "a", "b", "ab", "é", "e\u{301}", "😀", "1", "12", "abc", "x\n", "٣", "zzzz"]

    static func node(_ r: inout SplitMix64, depth: Int, type: String? = nil) -> Node {
        let n = Node()
        n.type = type ?? r.pick(["string", "integer", "number", "boolean", "any"] + (depth < 3 ? ["object", "object", "array"] : []))
        if r.chance(20) { n.attrs += " nullable=\"true\"" }
        func list(_ from: [String], _ parse: (String) -> JSONValue) {
            let values = Array(from.shuffled(using: &r).prefix(1 + r.int(3)))
            n.attrs += " enum=\"\(values.joined(separator: ", "))\""
            n.enumValues = values.map(parse)
        }
        switch n.type {
        case "string":
            let low = r.int(3)
            if r.chance(30) { n.attrs += " minLength=\"\(low)\"" }
            if r.chance(30) { n.attrs += " maxLength=\"\(2 + r.int(3))\"" }
            if r.chance(40) { n.attrs += " pattern=\"\(r.pick(schemaPatterns))\"" }
            if r.chance(30) { list(["a", "b", "é", "e\u{301}", "ab", "😀", "1"]) { .string($0) } }
        case "integer", "number":
            if r.chance(30) { n.attrs += " min=\"\(r.int(3) - 1)\"" }
            if r.chance(30) { n.attrs += " max=\"\(r.int(3) + 1)\"" }
            if r.chance(30) { list(["1", "2", "-3", "0"] + (n.type == "number" ? ["1.5", "2.25"] : [])) { .number(Double($0)!) } }
        case "boolean":
            if r.chance(40) { list(["true", "false"]) { .bool($0 == "true") } }
        case "object":
            if r.chance(50) { n.attrs += " strict=\"true\"" }
            let count = r.pick([0, 1, 2, 3, 5, 8, 15, 16, 17, 20, 30])
            n.children = names.shuffled(using: &r).prefix(count).map { ($0, r.chance(40), node(&r, depth: depth + 1)) }
        case "array":
            if r.chance(30) { n.attrs += " minItems=\"\(r.int(2))\"" }
            if r.chance(30) { n.attrs += " maxItems=\"\(2 + r.int(2))\"" }
            n.items = node(&r, depth: depth + 1)
        default: break
        }
        return n
    }

    static func xml(_ n: Node, tag: String, name: String?, required: Bool) -> String {
        let head = "<\(tag)" + (name.map { " name=\"\($0)\"" } ?? "") + " type=\"\(n.type)\"" + (required ? " required=\"true\"" : "") + n.attrs
        let inner = n.children.map { xml($0.node, tag: "param", name: $0.name, required: $0.required) }.joined()
            + (n.items.map { xml($0, tag: "items", name: nil, required: false) } ?? "")
        return inner.isEmpty ? head + "/>" : head + ">" + inner + "</\(tag)>"
    }

    /// Of the node's shape; when `noise` (a percentage) is above 0, with wrong types, nulls,
    /// out-of-range values, missing required members and unknown ones.
    static func value(_ n: Node, _ r: inout SplitMix64, noise: Int) -> JSONValue {
        if r.chance(noise / 4) { return r.pick([.null, .bool(true), .number(1), .number(2.5), .string("a"), .array([]), .object([:])]) }
        switch n.type {
        case "string": return !n.enumValues.isEmpty && !r.chance(noise) ? r.pick(n.enumValues) : .string(r.chance(noise) ? r.pick(strings) : "ab")
        case "integer", "number":
            return !n.enumValues.isEmpty && !r.chance(noise) ? r.pick(n.enumValues) : .number(r.chance(noise) ? r.pick([0, 2, -3, 1.5, 100, -0.0, 9_007_199_254_740_994]) : 1)
        case "boolean": return .bool(r.chance(50))
        case "array": return .array((0..<r.int(r.chance(noise) ? 5 : 3)).map { _ in value(n.items!, &r, noise: noise) })
        case "object":
            var members = n.children.filter { $0.required ? !r.chance(noise / 4) : r.chance(60) }.map { ($0.name, value($0.node, &r, noise: noise)) }
            let extra = r.chance(noise) ? 1 + r.int(2) : (noise > 0 && r.chance(4) ? 20 + r.int(20) : 0)
            for i in 0..<extra { members.append((r.chance(50) ? r.pick(names) : "u\(i)", .number(Double(i)))) }
            return .object(JSONObject(members: members.shuffled(using: &r)))
        default: return r.pick([.null, .string("x"), .array([.number(1)]), .object(["a": .bool(false)])])
        }
    }

    /// Declares a member (at the top or nested) a second time, maybe required, maybe of another type.
    static func duplicate(_ params: inout [ParamSchema], _ r: inout SplitMix64) -> String {
        guard !params.isEmpty else { return "" }
        let i = r.int(params.count)
        if r.chance(40), params[i].type == .object, !params[i].children.isEmpty { return duplicate(&params[i].children, &r) }
        var copy = params[i]
        copy.required = r.chance(50)
        if r.chance(30) { copy = ParamSchema(name: copy.name, type: r.pick([.string, .integer, .any]), required: copy.required) }
        params.insert(copy, at: r.int(params.count + 1))
        return " with '\(copy.name)' declared again (\(copy.type), required \(copy.required))"
    }

    @Test("isValid and validate agree on random schemas and payloads")
    static func passesAgree() throws {
        var r = SplitMix64(state: 0x5EED_0002)
        var pairs = 0, invalid = 0, failures = 0
        for round in 0..<250 {
            let root = node(&r, depth: 1, type: "object")
            let params = root.children.map { xml($0.node, tag: "param", name: $0.name, required: $0.required) }.joined()
            let strict = r.chance(50) ? " strict=\"true\"" : ""
            let text = "<protocol name=\"f\"><action name=\"f.m\"\(strict)>\(params)</action></protocol>"
            let set = try SchemaSet.parse(xml: text, file: "fuzz\(round).xml")
            if round % 4 == 3 {  // the same schema with a member declared twice is refused
                var proto = set.protocols[0]
                let twice = duplicate(&proto.actions[0].params, &r)
                if !twice.isEmpty {
                    #expect(throws: SchemaLoadError.self, "\(twice) on \(text)") { try SchemaSet(protocols: [proto]) }
                }
            }
            for _ in 0..<40 {
                let payload = r.chance(3) ? JSONValue.null : value(root, &r, noise: r.pick([0, 0, 2, 5, 10, 30]))
                let valid = set.isValid(method: "f.m", params: payload), violations = set.validate(method: "f.m", params: payload)
                pairs += 1
                if violations?.isEmpty == false { invalid += 1 }
                if valid != violations?.isEmpty {
                    failures += 1
                    if failures <= 3 { Issue.record("isValid \(String(describing: valid)) but validate \(String(describing: violations)) for \(payload.jsonString()) on \(text)") }
                }
            }
        }
        print("validation fuzz: \(pairs) pairs, \(invalid) invalid, \(failures) disagreements")
        #expect(pairs == 10_000 && invalid > 1000 && invalid < 9000)
    }
}
