import Foundation
import Testing

@testable import BridgeValues

/// `JSONObject` keeps its members in one array sorted by key: building, lookups, edits and
/// equality must behave as a map whatever order the members came in.
@Suite struct JSONObjectTests {
    /// A small deterministic generator (the tests must not depend on the run).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
    }

    @Test func membersInAnyOrderAreFoundAndIteratedInKeyOrder() throws {
        let object = JSONObject(members: [("b", .number(2)), ("c", .number(3)), ("a", .number(1))])
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == .number(1))
        #expect(object["c"] == .number(3))
        #expect(object["d"] == nil)
        #expect(object["A"] == nil)
        #expect(object.values == [.number(1), .number(2), .number(3)])
    }

    @Test func aRepeatedKeyKeepsItsLastValueInTextOrder() throws {
        // Sorted input with a repeat, unsorted input with repeats: the last one in the text wins.
        let parsed = try JSONParser().parse(#"{"b": 1, "a": 2, "b": 3, "a": 4, "c": 5, "b": 6}"#)
        #expect(parsed == .object(["a": .number(4), "b": .number(6), "c": .number(5)]))
        #expect(parsed.jsonString() == #"{"a":4,"b":6,"c":5}"#)
        let sortedRepeat = try JSONParser().parse(#"{"a": 1, "a": 2}"#)
        #expect(sortedRepeat == .object(["a": .number(2)]))
        #expect(JSONObject(members: [("x", .null), ("x", .bool(true))])["x"] == .bool(true))
    }

    @Test func keysAreComparedByScalars() throws {
        // "é" (U+00E9) and "e" + U+0301 are equal as Swift strings but two keys here.
        let object = try JSONParser().parse(#"{"\u00e9": 1, "e\u0301": 2, "K": 3, "\u212a": 4}"#)
        guard case .object(let o) = object else { Issue.record("not an object"); return }
        #expect(o.count == 4)
        #expect(o["\u{E9}"] == .number(1))
        #expect(o["e\u{301}"] == .number(2))
        #expect(o["K"] == .number(3))
        #expect(o["\u{212A}"] == .number(4))
        // Unicode scalar (UTF-8 byte) order.
        #expect(o.keys.map { Array($0.utf8) } == o.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func editsKeepTheOrderAndTheMap() {
        var object: JSONObject = ["m": .number(1)]
        object["a"] = .string("first")
        object["z"] = .string("last")
        object["n"] = .string("middle")
        #expect(object.keys == ["a", "m", "n", "z"])
        object["m"] = .bool(false)
        #expect(object["m"] == .bool(false))
        object["n"] = nil
        #expect(object.keys == ["a", "m", "z"])
        object["absent"] = nil
        #expect(object.count == 3)
        #expect(object.removeValue(forKey: "a") == .string("first"))
        #expect(object.removeValue(forKey: "a") == nil)
        #expect(object.keys == ["m", "z"])
        #expect(object.mapValues { _ in .null } == ["m": .null, "z": .null])
    }

    @Test func theSameMembersInAnotherOrderAreEqualAndHashAlike() {
        let a = JSONObject(members: [("x", .number(1)), ("y", .array([.null])), ("é", .string("s"))])
        let b = JSONObject(members: [("é", .string("s")), ("x", .number(1)), ("y", .array([.null]))])
        var c = JSONObject()
        c["y"] = .array([.null])
        c["é"] = .string("s")
        c["x"] = .number(1)
        #expect(a == b)
        #expect(a == c)
        #expect(a.hashValue == b.hashValue && b.hashValue == c.hashValue)
        #expect(a != JSONObject(members: [("x", .number(1))]))
        #expect(Set([JSONValue.object(a), .object(b), .object(c)]).count == 1)
    }

    @Test func aLargeObjectInRandomOrderMatchesADictionary() {
        var generator = Generator(state: 42)
        var reference: [String: Int] = [:]
        var pairs: [(String, JSONValue)] = []
        for i in 0..<5000 {
            let key = "k\(generator.next() % 3000)"
            reference[key] = i
            pairs.append((key, .number(Double(i))))
        }
        let built = JSONObject(members: pairs)
        #expect(built.count == reference.count)
        for (key, value) in reference { #expect(built[key] == .number(Double(value))) }
        #expect(built.keys == reference.keys.sorted { ScalarKey.less($0, $1) })
        // Built one member at a time, in the same order, it is the same object.
        var incremental = JSONObject()
        for (key, value) in pairs { incremental[key] = value }
        #expect(incremental == built)
        // Parsed from text, it is the same again.
        let text = "{" + pairs.map { "\"\($0.0)\":\($0.1.jsonString())" }.joined(separator: ",") + "}"
        #expect((try? JSONParser().parse(text)) == .object(built))
    }

    @Test func decodedThroughCodableItIsTheParsedObject() throws {
        var generator = Generator(state: 7)
        let pairs = (0..<3000).map { i in ("k\(generator.next() % 100_000)-\(i)", JSONValue.number(Double(i))) }
        let text = "{" + pairs.map { "\"\($0.0)\":\($0.1.jsonString())" }.joined(separator: ",") + ", \"nested\": {\"b\": [1, {\"z\": 1, \"a\": 2}], \"a\": null}}"
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let parsed = try JSONParser().parse(text)
        #expect(decoded == parsed)
        #expect(decoded["nested"]?.jsonString() == #"{"a":null,"b":[1,{"a":2,"z":1}]}"#)
    }

    /// Whether the object keeps its members sorted in one array (else in a hash table).
    static func isSorted(_ o: JSONObject) -> Bool {
        o.table == nil
    }

    @Test func theCountDecidesTheStorageWhicheverWayTheObjectWasMade() {
        let limit = JSONObject.smallLimit
        let names = (0...limit + 1).map { "m\($0 * 7919 % 1000)" }
        func bulk(_ n: Int) -> JSONObject { JSONObject(members: names.prefix(n).map { ($0, JSONValue.string($0)) }) }
        var grown = JSONObject()
        for (i, name) in names.enumerated() {
            grown[name] = .string(name)
            #expect(grown == bulk(i + 1), "after \(i + 1) members")
            #expect(grown.hashValue == bulk(i + 1).hashValue)
            #expect(Self.isSorted(grown) == (i + 1 <= limit))
        }
        for (i, name) in names.enumerated().reversed() {
            #expect(grown.removeValue(forKey: name) == .string(name))
            #expect(grown == bulk(i), "down to \(i) members")
            #expect(Self.isSorted(grown) == (i <= limit))
        }
        #expect(grown.isEmpty)
        // Many repeats of a few keys: sorted, whatever the text's length.
        let repeats = JSONObject(members: (0..<200).map { ("k\($0 % 5)", JSONValue.number(Double($0))) })
        #expect(Self.isSorted(repeats) && repeats.count == 5 && repeats["k4"] == .number(199))
        // Large ones iterate, encode and compare in key order too.
        let large = bulk(limit + 2)
        #expect(large.keys == large.keys.sorted { ScalarKey.less($0, $1) })
        #expect(JSONValue.object(large).jsonString() == JSONValue.object(JSONObject(members: large.sortedMembers.reversed())).jsonString())
        #expect(large.mapValues { _ in .null }.count == limit + 2)
    }

    @Test func buildingAndEmptyingALargeObjectOneMemberAtATime() {
        // (Each step is constant-time above the small limit: no array shifted per member.)
        let n = 100_000
        var reference: [String: JSONValue] = [:]
        for i in 0..<n { reference["k\(i)"] = .number(Double(i)) }
        var hashOrder = JSONObject()
        for (k, v) in reference { hashOrder[k] = v }
        var descending = JSONObject()
        for i in (0..<n).reversed() { descending["k\(i)"] = .number(Double(i)) }
        #expect(hashOrder == JSONObject(reference))
        #expect(descending == hashOrder)
        for i in 0..<n { descending.removeValue(forKey: "k\(i)") }
        #expect(descending.isEmpty && Self.isSorted(descending))
    }

    @Test func scalarKeyCompareIsByteOrder() {
        #expect(ScalarKey.compare("a", "b") < 0)
        #expect(ScalarKey.compare("b", "a") > 0)
        #expect(ScalarKey.compare("ab", "a") > 0)
        #expect(ScalarKey.compare("", "") == 0)
        #expect(ScalarKey.compare("\u{E9}", "e\u{301}") > 0)
        #expect(ScalarKey.compare("Z", "a") < 0)
    }
}
