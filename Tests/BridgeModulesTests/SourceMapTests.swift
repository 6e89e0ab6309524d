import Testing
@testable import BridgeModules

@Suite struct Base64VLQTests {
    @Test("digits decode to the values the spec gives", arguments: [
        ("A", 0), ("C", 1), ("D", -1), ("e", 15), ("gB", 16), ("hB", -16), ("w+B", 1000), ("hkxH", -123456), ("+/////D", 2_147_483_647),
    ])
    func decodes(_ text: String, _ value: Int) {
        let bytes = Array(text.utf8)
        var index = 0
        let decoded = bytes.withUnsafeBufferPointer { Base64VLQ.decode($0, at: &index) }
        #expect(decoded == Int32(value))
        #expect(index == bytes.count)
        #expect(Base64VLQ.encode([value]) == text)
    }

    @Test("a value cut short, a non-base64 digit or one past 32 bits is refused", arguments: ["g", "!", "gggggggggB", "é"])
    func refuses(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        #expect(bytes.withUnsafeBufferPointer { Base64VLQ.decode($0, at: &index) } == nil)
    }
}

@Suite struct SourceMapTests {
    /// Two sources; line 1: col 0 → a.js 1:1, col 4 → a.js 1:5 (name "run"); line 2: col 2 →
    /// b.ts 3:7; line 3: nothing; line 4: an unmapped segment at col 0, then col 6 → a.js 2:1.
    static let map = SourceMap(
        sources: ["a.js", "b.ts"], sourcesContent: ["one\ntwo", nil], names: ["run"],
        mappings: [
            Base64VLQ.encode([0, 0, 0, 0]) + "," + Base64VLQ.encode([4, 0, 0, 4, 0]),
            Base64VLQ.encode([2, 1, 2, 2]),
            "",
            Base64VLQ.encode([0]) + "," + Base64VLQ.encode([6, -1, -1, -6]),
        ].joined(separator: ";"))

    @Test("generated positions map to the original source, line and column (1-based)", arguments: [
        (1, 1, "a.js:1:1"), (1, 4, "a.js:1:1"), (1, 5, "a.js:1:5"), (1, 80, "a.js:1:5"),
        (2, 3, "b.ts:3:7"), (2, 1, "b.ts:3:7"), (4, 7, "a.js:2:1"), (4, 100, "a.js:2:1"),
    ])
    func lookups(_ line: Int, _ column: Int, _ expected: String) {
        #expect(Self.map.original(line: line, column: column)?.description == expected)
    }

    @Test("lines with no segments, unmapped segments and lines past the end map to nothing")
    func unmapped() {
        #expect(Self.map.original(line: 3, column: 1) == nil)
        #expect(Self.map.original(line: 4, column: 3) == nil)
        #expect(Self.map.original(line: 5, column: 1) == nil)
        #expect(Self.map.original(line: 0, column: 1) == nil)
    }

    @Test("names and sourcesContent are kept")
    func namesAndContent() {
        #expect(Self.map.original(line: 1, column: 5)?.name == "run")
        #expect(Self.map.original(line: 1, column: 1)?.name == nil)
        #expect(Self.map.sourcesContent == ["one\ntwo", nil])
    }

    @Test("asking for a later line first, then an earlier one, gives the same answers")
    func lazyOrder() {
        let map = SourceMap(sources: ["x.js"], mappings: "AAAA;AACA;AACA;AACA")
        #expect(map.original(line: 4, column: 1)?.line == 4)
        #expect(map.original(line: 2, column: 1)?.line == 2)
        #expect(map.original(line: 1, column: 1)?.line == 1)
    }

    @Test("segments written out of order are sorted within their line")
    func unsortedLine() {
        let map = SourceMap(sources: ["x.js"], mappings: Base64VLQ.encode([10, 0, 5, 0]) + "," + Base64VLQ.encode([-10, 0, -5, 0]))
        #expect(map.original(line: 1, column: 1)?.line == 1)
        #expect(map.original(line: 1, column: 11)?.line == 6)
    }

    @Test("a malformed segment ends the map there; the lines before it still map")
    func malformed() {
        let map = SourceMap(sources: ["x.js"], mappings: "AAAA;AACA;A!AA;AACA")
        #expect(map.original(line: 2, column: 1)?.line == 2)
        #expect(map.original(line: 3, column: 1) == nil)
        #expect(map.original(line: 4, column: 1) == nil)
        // Two or three fields are not a segment either.
        #expect(SourceMap(sources: ["x.js"], mappings: "AA").original(line: 1, column: 1) == nil)
    }

    @Test("JSON maps: sourceRoot is applied, sourcesContent read, line shifts per source")
    func json() throws {
        let map = try SourceMap(json: #"{"version":3,"sourceRoot":"src","sources":["a.ts"],"sourcesContent":["let a = 1;"],"names":[],"mappings":"AAAA;AACA"}"#)
        #expect(map.sources == ["src/a.ts"])
        #expect(map.sourcesContent == ["let a = 1;"])
        #expect(map.original(line: 2, column: 1)?.description == "src/a.ts:2:1")
        let shifted = map.shiftingLines(ofSource: 0, by: 19).renamingSources { "page.html (" + $0 + ")" }
        #expect(shifted.original(line: 2, column: 1)?.description == "page.html (src/a.ts):21:1")
    }

    @Test("maps that are not version 3 JSON are refused with the reason", arguments: [
        ("nope", "not JSON"), ("[]", "not a JSON object"), (#"{"version":2,"sources":[],"mappings":""}"#, "\"version\" is not 3"),
        (#"{"version":3,"mappings":""}"#, "no \"sources\" array"), (#"{"version":3,"sources":[]}"#, "no \"mappings\" string"),
        (#"{"version":3,"sections":[]}"#, "index maps (\"sections\") are not supported"),
    ])
    func refused(_ json: String, _ reason: String) {
        #expect(throws: SourceMap.Failure.self) { try SourceMap(json: json) }
        do { _ = try SourceMap(json: json) } catch { #expect(error.reason.hasPrefix(reason)) }
    }
}

@Suite struct SourceMapSetTests {
    static let set: SourceMapSet = {
        var set = SourceMapSet()
        set.add(SourceMap(sources: ["lib/f.ts", "main.ts"], mappings: ";;" + Base64VLQ.encode([2, 0, 3, 4]) + ";" + Base64VLQ.encode([0, 1, 5, 0])), for: "main.ts (bundle)")
        set.add(SourceMap(sources: ["m.js"], mappings: "AAAA"), for: "https://h.example/index.html (module script #1) (bundle)")
        return set
    }()

    @Test("stack frames in mapped scripts name the original file, line and column; others stay")
    func stacks() {
        let stack = "fail@main.ts (bundle):3:3\n@main.ts (bundle):4:1\nglobal code@main.ts (bundle):9:3\nfireTimer@bridge-prelude.js:431:16\nplain text"
        #expect(Self.set.mappedStack(stack) == "fail@lib/f.ts:4:5\n@main.ts:9:5\nglobal code@main.ts (bundle):9:3\nfireTimer@bridge-prelude.js:431:16\nplain text")
        #expect(Self.set.mappedStack("https://h.example/index.html (module script #1) (bundle):1:7") == "m.js:1:1")
        #expect(Self.set.mappedStack("main.ts (bundle):3") == "lib/f.ts:4:5")
    }

    @Test("positions map when a map knows them and stay otherwise")
    func positions() {
        #expect(Self.set.mapped(sourceURL: "main.ts (bundle)", line: 3, column: 10) == ("lib/f.ts", 4, 5))
        #expect(Self.set.mapped(sourceURL: "other.js", line: 3, column: 10) == ("other.js", 3, 10))
        #expect(Self.set.mapped(sourceURL: "main.ts (bundle)", line: 1, column: 1) == ("main.ts (bundle)", 1, 1))
        #expect(Self.set.mapped(sourceURL: nil, line: nil, column: nil) == (nil, nil, nil))
    }
}
