// Differential fuzzing of the deferred params parse: the eager JSONParser.parseObjectMembers(_:)
// against parseObjectMembers(_:deferring:) + DeferredJSON, on generated envelopes with tricky
// strings, numbers, whitespace, nesting and lengths at and past small limits. (Written by an attack
// review of the seventh session; its standalone run covered 11.3 M random and 16.6 M exhaustive
// envelopes, and four planted off-by-one bugs in JSONParser+Skip.swift each failed it.)
@testable import BridgeValues
import Testing

struct FZRng {
    var s: UInt64
    mutating func next() -> UInt64 {
        s &+= 0x9E3779B97F4A7C15
        var z = s
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ p: Int) -> Bool { int(100) < p }
    mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
}

struct FZLimits { var depth: Int; var string: Int; var array: Int }

struct FZGen {
    var r: FZRng
    var lim: FZLimits

    static let strPieces: [[UInt8]] = [
        Array("a".utf8), Array("ab".utf8), Array("abcd".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
        Array(#"\u0000"#.utf8), Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8), Array(#"\ud83d\ude00"#.utf8),
        Array(#"\ud83d\u0041"#.utf8), Array(#"\uDBFF\uDFFF"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\u20AC"#.utf8),
        Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\/"#.utf8), Array(#"\b\f\n\r\t"#.utf8), Array(#"\q"#.utf8),
        Array(#"\u12"#.utf8), Array(#"\u12g4"#.utf8), Array(#"\U0041"#.utf8), Array(#"\"#.utf8),
        [0x01], [0x1F], [0x7F], [0x0A], [0x09], [0xFF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0xC3], [0x80], [0xEF, 0xBB, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
        Array("e\u{301}".utf8), Array("\u{10FFFF}".utf8), Array("\u{FFFF}".utf8), Array("\u{2028}".utf8),
    ]
    static let cleanPieces: [[UInt8]] = [
        Array("a".utf8), Array("ab".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array(#"\u0000"#.utf8),
        Array(#"\ud83d\ude00"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8),
        Array("e\u{301}".utf8), Array("\u{10FFFF}".utf8), [0x7F],
    ]
    static let goodNumbers = ["0", "-0", "1", "-1.5", "1e2", "-0.0e0", "1E+2", "4.9e-324", "9007199254740993", "1.7976931348623157e308", "123456789012345678901234567890"]
    static let numbers: [String] = [
        "0", "-0", "1", "-1", "01", "-01", "00", "1.", ".5", "-.5", "1.5", "1e999", "-1e999", "1e-999", "1e+2", "1E2", "1e",
        "1e+", "-", "+1", "0x10", "123456789012345678901234567890", "1.7976931348623157e308", "1.7976931348623159e308",
        "4.9e-324", "2e-324", "9007199254740993", "999999999999999999", "1000000000000000000", "0.0000", "-0.0e0", "1e00000000000000000000001",
        "1e-00000000000000000000400", "Infinity", "NaN", "1_0", "٣",
    ]
    static let ws: [[UInt8]] = [[], [], [], [0x20], [0x0A], [0x0D], [0x09], [0x20, 0x0A, 0x09], [0x0B], [0x0C], [0xC2, 0xA0], [0x00]]

    mutating func wsp() -> [UInt8] { r.chance(75) ? [] : r.chance(95) ? r.pick(Self.goodWs) : r.pick(Self.ws) }
    static let goodWs: [[UInt8]] = [[0x20], [0x0A], [0x0D], [0x09], [0x20, 0x0A, 0x09, 0x0D]]

    mutating func stringBody() -> [UInt8] {
        var out: [UInt8] = []
        switch r.int(6) {
        case 0:
            // exactly at / one past the limit in UTF-16 units, with mixed widths
            let target = lim.string + (r.int(3) - 1)
            var units = 0
            while units < target {
                let k = r.int(5)
                if k == 0, units + 2 <= target { out += Array("😀".utf8); units += 2 }
                else if k == 1 { out += Array("é".utf8); units += 1 }
                else if k == 2 { out += Array(#"\u00e9"#.utf8); units += 1 }
                else if k == 3, units + 2 <= target { out += Array(#"\ud83d\ude00"#.utf8); units += 2 }
                else { out.append(UInt8(ascii: "x")); units += 1 }
            }
            if r.chance(10) { out += r.pick(Self.strPieces) }
        case 1:
            let n = max(0, lim.string + r.int(3) - 1)
            out = Array(repeating: UInt8(ascii: "a"), count: n)
        default:
            for _ in 0..<r.int(5) { out += r.chance(75) ? r.pick(Self.cleanPieces) : r.pick(Self.strPieces) }
        }
        return out
    }

    mutating func string() -> [UInt8] {
        var s: [UInt8] = [0x22] + stringBody()
        if !r.chance(1) { s.append(0x22) }
        return s
    }

    mutating func value(_ depth: Int) -> [UInt8] {
        // depth: nesting level of the value's container (params object is at 2)
        let k = r.int(depth >= lim.depth ? (r.chance(10) ? 9 : 4) : 9)
        switch k {
        case 0: return string()
        case 1: return Array((r.chance(70) ? r.pick(Self.goodNumbers) : r.pick(Self.numbers)).utf8)
        case 2: return Array((r.chance(90) ? r.pick(["true", "false", "null"]) : r.pick(["tru", "nul", "True", "nulll", "t", "nullx"])).utf8)
        case 3: return r.chance(70) ? Array(r.pick(Self.numbers).utf8) : string()
        case 4, 5, 6: return object(depth + 1)
        default: return array(depth + 1)
        }
    }

    mutating func array(_ depth: Int) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")] + wsp()
        let n = r.chance(30) ? lim.array + r.int(3) - 1 : r.int(lim.array + 2)
        for i in 0..<max(0, n) {
            if i > 0 { out += wsp() + [UInt8(ascii: ",")] + wsp() }
            out += value(depth)
        }
        if r.chance(1) { out.append(UInt8(ascii: ",")) }
        out += wsp()
        if !r.chance(1) { out.append(UInt8(ascii: "]")) }
        return out
    }

    mutating func key() -> [UInt8] {
        if r.chance(30) { return Array(r.pick([#""a""#, #""a""#, #""b""#, #""\u0061""#, #""params""#, #""é""#, #""e\u0301""#]).utf8) }
        return string()
    }

    mutating func object(_ depth: Int) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")] + wsp()
        let n = r.int(4)
        for i in 0..<n {
            if i > 0 { out += wsp() + [UInt8(ascii: ",")] + wsp() }
            out += key() + wsp()
            if !r.chance(1) { out.append(UInt8(ascii: ":")) }
            out += wsp() + value(depth)
        }
        if r.chance(1) { out.append(UInt8(ascii: ",")) }
        out += wsp()
        if !r.chance(1) { out.append(UInt8(ascii: "}")) }
        return out
    }

    mutating func params() -> [UInt8] {
        switch r.int(20) {
        case 0: return value(1)
        case 1: return Array("null".utf8)
        case 2: return array(2)
        case 3:
            // nesting straight down to around the limit
            let d = lim.depth - 2 + r.int(4)
            var s: [UInt8] = []
            var closes: [UInt8] = []
            for _ in 0..<max(1, d) {
                if r.chance(50) { s += Array(#"{"k":"#.utf8); closes.insert(UInt8(ascii: "}"), at: 0) }
                else { s += [UInt8(ascii: "[")]; closes.insert(UInt8(ascii: "]"), at: 0) }
            }
            if s.first != UInt8(ascii: "{") { s = Array(#"{"k":"#.utf8) + s; closes.append(UInt8(ascii: "}")) }
            return s + Array("1".utf8) + closes
        default: return object(2)
        }
    }

    static let paramKeys = [#""params""#, #""params""#, #""params""#, #""params""#, #""param\u0073""#, #""\u0070arams""#, #""Params""#, #""params ""#, #""paramsé""#]

    mutating func envelope() -> [UInt8] {
        var members: [[UInt8]] = []
        members.append(Array(#""method":"m""#.utf8))
        let pk = r.chance(85) ? Array(#""params""#.utf8) : Array(r.pick(Self.paramKeys).utf8)
        members.append(pk + wsp() + [UInt8(ascii: ":")] + wsp() + params())
        members.append(Array(#""callbackId":"cb_1""#.utf8))
        if r.chance(15) { members.append(Array(r.pick(Self.paramKeys).utf8) + [UInt8(ascii: ":")] + params()) }
        if r.chance(5) { members.append(Array(#""method":"m2""#.utf8)) }
        if r.chance(5) { members.append(key() + [UInt8(ascii: ":")] + value(1)) }
        // shuffle
        for i in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(i, r.int(i + 1)) }
        var out: [UInt8] = wsp() + [UInt8(ascii: "{")] + wsp()
        for (i, m) in members.enumerated() {
            if i > 0 { out += wsp() + [UInt8(ascii: ",")] + wsp() }
            out += m
        }
        out += wsp() + [UInt8(ascii: "}")] + wsp()
        if r.chance(2) { out += r.pick([Array("x".utf8), Array("}".utf8), Array(",".utf8), [0x00], Array("{}".utf8), [0xFF]]) }
        if r.chance(20) { mutate(&out) }
        return out
    }

    static let mutBytes: [UInt8] = Array(#"{}[]",:\u0e.-+1 "#.utf8) + [0x0A, 0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xED, 0xF0, 0xFF]

    mutating func mutate(_ b: inout [UInt8]) {
        for _ in 0..<(1 + r.int(3)) {
            guard !b.isEmpty else { return }
            let i = r.int(b.count)
            switch r.int(5) {
            case 0: b[i] = r.pick(Self.mutBytes)
            case 1: b.remove(at: i)
            case 2: b.insert(r.pick(Self.mutBytes), at: i)
            case 3: b[i] ^= UInt8(1 << r.int(8))
            default:
                let j = min(b.count, i + 1 + r.int(8))
                b.insert(contentsOf: b[i..<j], at: r.int(b.count))
            }
        }
    }
}

/// Exact rendering: scalars of strings and keys, bit pattern of numbers, keys sorted by scalars.
func fzExact(_ v: JSONValue) -> String {
    switch v {
    case .null: return "n"
    case .bool(let b): return b ? "T" : "F"
    case .number(let d): return "#\(d.bitPattern)"
    case .string(let s): return "s[" + s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") + "]"
    case .array(let a): return "[" + a.map(fzExact).joined(separator: ";") + "]"
    case .object(let o):
        return "{" + o.sortedMembers.map { "k[" + $0.key.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") + "]=" + fzExact($0.value) }.joined(separator: ";") + "}"
    }
}

func fzExactMembers(_ m: [(String, JSONValue)]) -> String {
    m.map { "k[" + $0.0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") + "]=" + fzExact($0.1) }.joined(separator: "|")
}

struct FZStats {
    var cases = 0
    var eagerOK = 0, eagerNil = 0, eagerFail = 0
    var deferredRange = 0, deferredNoRange = 0, deferredNil = 0, deferredThrow = 0
    var secondParseThrow = 0   // eager ok, deferring threw
    var secondParseNil = 0     // eager ok, deferring declined
    var violations: [(String, [UInt8])] = []
    var reasons: [String: Int] = [:]
}

func fzIsParamsKey(_ k: String) -> Bool { k.unicodeScalars.elementsEqual("params".unicodeScalars) }

func fzCheckOne(_ bytes: [UInt8], _ lim: FZLimits, _ st: inout FZStats) {
    st.cases += 1
    let parser = JSONParser(maxDepth: lim.depth, maxStringLength: lim.string, maxArrayLength: lim.array)
    let pparser = JSONParser(maxDepth: lim.depth - 1, maxStringLength: lim.string, maxArrayLength: lim.array)
    bytes.withUnsafeBufferPointer { buf in
        let eager: Result<[(String, JSONValue)]?, JSONParser.Failure> = Result { () throws(JSONParser.Failure) in try parser.parseObjectMembers(buf) }
        let def: Result<(members: [(String, JSONValue)], deferred: Range<Int>?)?, JSONParser.Failure> = Result { () throws(JSONParser.Failure) in try parser.parseObjectMembers(buf, deferring: "params") }
        switch eager {
        case .failure(let f):
            st.eagerFail += 1
            let key = (f.path.isEmpty ? "" : (f.path.hasPrefix("params") ? "params.. " : "other.. ")) + String(f.reason.map { $0.isNumber ? "N" : $0 }.prefix(40))
            st.reasons[key, default: 0] += 1
        case .success(nil): st.eagerNil += 1
        case .success: st.eagerOK += 1
        }
        switch def {
        case .failure: st.deferredThrow += 1
        case .success(nil): st.deferredNil += 1
        case .success(let d?): if d.deferred != nil { st.deferredRange += 1 } else { st.deferredNoRange += 1 }
        }
        func bad(_ why: String) { if st.violations.count < 50 { st.violations.append((why, bytes)) } }
        switch (eager, def) {
        case (.failure, .success(let d?)):
            bad("P1: eager failed, deferring accepted (range \(String(describing: d.deferred)))")
        case (.success(nil), .success(.some)):
            bad("P1: eager nil (not an object), deferring accepted")
        case (.success(let em?), .success(let d?)):
            if let range = d.deferred {
                let text = Array(buf[range])
                let built: Result<JSONValue, JSONParser.Failure> = Result { () throws(JSONParser.Failure) in try pparser.parse(bytes: text) }
                let viaDeferred = DeferredJSON(text: text, parser: pparser).value
                let eagerParams = em.filter { fzIsParamsKey($0.0) }
                guard case .success(let bv) = built else { bad("P2: range text fails with maxDepth-1: \(built)"); return }
                if fzExact(bv) != fzExact(viaDeferred) { bad("P2: DeferredJSON.value differs from direct parse") }
                if eagerParams.count != 1 { bad("P2: deferred but eager has \(eagerParams.count) params members"); return }
                if fzExact(eagerParams[0].1) != fzExact(bv) { bad("P2: params differ: eager \(fzExact(eagerParams[0].1)) deferred \(fzExact(bv))") }
                if d.members.contains(where: { fzIsParamsKey($0.0) }) { bad("P2: deferred members still hold params") }
                let eagerOthers = em.filter { !fzIsParamsKey($0.0) }
                if fzExactMembers(eagerOthers) != fzExactMembers(d.members) { bad("P2: other members differ") }
            } else {
                if fzExactMembers(em) != fzExactMembers(d.members) { bad("P2: members differ (no deferral)") }
                // No deferral although eager has a params object member? (would be fine but notable)
            }
        case (.success(.some), .failure):
            st.secondParseThrow += 1
            bad("P3: eager ok, deferring threw: \(def)")
        case (.success(let em?), .success(nil)):
            st.secondParseNil += 1
            let ps = em.filter { fzIsParamsKey($0.0) }
            let objs = ps.filter { if case .object = $0.1 { return true } else { return false } }.count
            if !(ps.count >= 2 && objs >= 1) { bad("P3': eager ok, deferring declined without a repeated params: \(ps.count) params") }
        default: break
        }
    }
}

func fzRun(seed: UInt64, count: Int, _ st: inout FZStats) {
    var rng = FZRng(s: seed)
    for _ in 0..<count {
        let lim: FZLimits = rng.chance(60) ? FZLimits(depth: 4, string: 10, array: 4)
            : FZLimits(depth: 2 + rng.int(5), string: 10 + rng.int(3), array: rng.int(6))
        var g = FZGen(r: FZRng(s: rng.next()), lim: lim)
        let env = g.envelope()
        fzCheckOne(env, lim, &st)
    }
}

@Suite struct DeferredParamsFuzzTests {
    @Test("the deferring parse agrees with the eager parse on generated envelopes", arguments: [UInt64(1), 2])
    func differential(seed: UInt64) {
        var st = FZStats()
        fzRun(seed: seed, count: 20_000, &st)
        for (why, bytes) in st.violations.prefix(10) { Issue.record("\(why): \(bytes)") }
        #expect(st.violations.isEmpty)
        #expect(st.deferredRange > 2_000)
    }
}
