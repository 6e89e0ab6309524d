import Foundation
import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// Patterns: ICU dialect, unanchored search; the native fast path and our binding to ICU's C API
/// both agreeing with Foundation's `NSRegularExpression` (which the runtime no longer links).
struct SchemaPatternTests {
    static let fastPatterns = [
        "^[a-z_]+$", "^[0-9A-Z]{8,32}$", "^https?://[^ ]+$", "^#[0-9a-fA-F]{6}$", "^\\d{6}$", "^1[3-9][0-9]{9}$",
        "^[A-Za-z0-9_.:-]+$", "^[-a-z]*$", "[a-z]", "ab*c", "^a?b?$", "x{2,}", "^[^0-9]+$", "^\\.\\$$", "^a*a$", "^[0-9]+\\.[0-9]+\\.[0-9]+$",
        "^https://", "abc$", "^$", "a{0,3}b", "^[a-]$", "^[a:]+$",
        // Groups of single-character alternatives: the union of them.
        "^(a|b)+$", "^(?:[a-z]| )+$", "^(?:\\d|[a-f])*$", "(x|y|z){2,3}", "^(?:\\.|-)?[0-9]+$", "^([A-Z])[a-z]*$",
    ]

    static let slowPatterns = [
        "^(a|bc)+$", "^(?:[a-z]+ )*$", "(?=a)b", "^(a|)$", "^([^a]|b)$", "^.+$", "\\w+", "[[:alpha:]]", "[a-z&&[^x]]", "a+?", "\\p{L}", "^日本$", "[\\s]", "[a-z--b]",
        // Syntax and meanings where other engines differ from ICU (found in review).
        "(?<=a)b", "(?<!x)c", "\\bcom\\b", "\\bt\\b", "^\\d+\\b", "\\B", "(?m)^a$", "(?m:b$)", "[\\w-.]+", "^[\\w-\\.]+@([\\w-]+\\.)+[\\w-]{2,4}$",
        "\\cA", "[]a]", "[^]a]", "[]$]", "(?i)^ß$", "(?i)σ", "a\\Z", "^\\s$", "^\\D$", "[\\W]", "[^\\W]", "(?x) a b # comment",
    ]

    static let strings = [
        "", "a", "abc", "home_feed", "Home Feed", "A20240601X9", "a20240601x9", "https://m.example.com/d/1", "http://x", "ftp://x",
        "https://a b", "#ff6600", "#FF660", "123456", "1234567", "１２３４５６", "٣٤٥٦٧٨", "13812345678", "23812345678", "draft.title", "b:c-d",
        "-a-b", "abc\n", "abc\r\n", "abc\r", "abc\u{2028}", "abc\u{2029}", "abc\u{85}", "abc\u{0B}", "abc\u{0C}", "abc\n\n", "xx", "x", "12", "😀", "a😀", ".$", "1.2.3", "1.2.3\n", "aaa",
        "abbbc", "ac", "b", "aaab", "\n", "-", "a-", ":",
        "example.com", "can't", "3.14", "a\nb", "SS", "ß", "ς", "Σ", "user.name@mail.example.org", "\u{1}", "]", "$", "a#b", "ab", "\r\n", "a\r\n",
    ]

    @Test("the fast path compiles the common patterns", arguments: fastPatterns)
    func compilesFast(_ pattern: String) {
        #expect(SchemaFastPattern.compile(pattern) != nil)
    }

    @Test("other patterns are left to ICU", arguments: slowPatterns)
    func leavesOthersToICU(_ pattern: String) throws {
        #expect(SchemaFastPattern.compile(pattern) == nil)
        _ = try SchemaPattern(pattern)
    }

    /// ICU's answer: an unanchored search with no options.
    static func icuMatches(_ pattern: String, _ string: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern, options: [])
        return regex.rangeOfFirstMatch(in: string, options: [], range: NSRange(location: 0, length: string.utf16.count)).location != NSNotFound
    }

    @Test("the fast path answers exactly as ICU does", arguments: fastPatterns)
    func agreesWithICU(_ pattern: String) throws {
        let fast = try #require(SchemaFastPattern.compile(pattern))
        for s in Self.strings {
            #expect(fast.matches(s) == (try Self.icuMatches(pattern, s)), "pattern \(pattern) on \(s.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())")
        }
    }

    @Test("our ICU binding answers as NSRegularExpression does, on fast and slow patterns alike", arguments: fastPatterns + slowPatterns)
    func bindingAgreesWithNSRegularExpression(_ pattern: String) throws {
        let compiled = try SchemaPattern(pattern)
        for s in Self.strings {
            #expect(compiled.matchesWithICU(s) == (try Self.icuMatches(pattern, s)), "pattern \(pattern) on \(s.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())")
        }
    }

    /// The definition `closure` computes in one addition: follow each skippable unit's edge to
    /// the next unit until nothing changes.
    static func closureByWalking(_ set: UInt64, skippable: UInt64) -> UInt64 {
        var s = set
        var changed = true
        while changed {
            changed = false
            for j in 0..<63 where s & (1 << UInt64(j)) != 0 && skippable & (1 << UInt64(j)) != 0 && s & (1 << UInt64(j + 1)) == 0 {
                s |= 1 << UInt64(j + 1)
                changed = true
            }
        }
        return s
    }

    @Test("the closure over skippable units is the walk along their edges, for any sets of 63 units")
    func closureIsTheWalk() {
        var generator = SystemRandomNumberGenerator()
        let units = Array(repeating: SchemaFastPattern.Unit(), count: 63)
        let below63: UInt64 = (1 << 63) - 1
        for round in 0..<4000 {
            // Dense, sparse and run-shaped masks: runs of skippable units are where carries go far.
            var skippable = UInt64.random(in: 0...below63, using: &generator)
            if round % 3 == 1 { skippable &= UInt64.random(in: 0...below63, using: &generator) }
            if round % 3 == 2 { skippable = ((below63 >> UInt64.random(in: 0...62, using: &generator)) << UInt64.random(in: 0...20, using: &generator)) & below63 }
            let pattern = SchemaFastPattern(units: units, skippable: skippable, anchoredStart: true, anchoredEnd: true)
            for _ in 0..<8 {
                let set = UInt64.random(in: 0...UInt64.max, using: &generator) & UInt64.random(in: 0...UInt64.max, using: &generator) & ((1 << 63) | below63)
                #expect(pattern.closure(set) == Self.closureByWalking(set, skippable: skippable), "skippable \(String(skippable, radix: 2)) set \(String(set, radix: 2))")
            }
        }
    }

    @Test("catastrophic backtracking fails the value with its own message instead of hanging")
    func catastrophicBacktracking() throws {
        let p = try SchemaPattern("^(a+)+$")
        #expect(SchemaFastPattern.compile("^(a+)+$") == nil)
        #expect(p.matches(String(repeating: "a", count: 20)))
        #expect(p.evaluate(String(repeating: "a", count: 40) + "!") == .gaveUp("step limit"))
        let xml = #"<protocol name="t"><action name="a"><param name="s" type="string" pattern="^(a+)+$"/></action></protocol>"#
        let set = try SchemaSet.parse(xml: xml, file: "t.xml")
        let violations = set.validate(method: "a", params: ["s": .string(String(repeating: "a", count: 40) + "!")]) ?? []
        #expect(violations.map(\.message) == ["could not be checked against pattern ^(a+)+$: the regex engine gave up (step limit)"])
    }

    @Test("long ordinary values are answered, not given up on (the limits grow with the text)",
          arguments: ["^(a|b)*$", "^([a-z])+$", "^.{1,}$", "^(?:[a-z]|-)+$", "^[a-z0-9]+(?:-[a-z0-9]+)*$", "^(?:\\w+\\s?)+$", "^(?:[a-z]| )+$"])
    func longValues(_ pattern: String) throws {
        let p = try SchemaPattern(pattern)
        let text = String(repeating: "ab", count: 300_000)
        #expect(p.evaluate(text) == .match)
    }

    @Test("a valid 10 MB value of a pattern a backtracking engine runs out of stack on is accepted, fast")
    func tenMegabytes() throws {
        let p = try SchemaPattern("^(?:[a-z]| )+$")
        let text = String(repeating: "hello world ", count: 10 << 20 / 12)
        let start = ContinuousClock.now
        #expect(p.evaluate(text) == .match)
        #expect(p.evaluate(text + "!") == .noMatch)
        #expect(ContinuousClock.now - start < .seconds(20), "linear, not exponential")
    }

    @Test("an empty pattern matches everything, as in JSON Schema")
    func emptyPattern() throws {
        let p = try SchemaPattern("")
        #expect(p.matches("") && p.matches("anything") && p.matchesWithICU("x"))
    }

    @Test("patterns search unanchored, like JSON Schema")
    func unanchored() throws {
        let p = try SchemaPattern("[0-9]")
        #expect(p.matches("abc1"))
        #expect(!p.matches("abc"))
    }

    @Test("a bad pattern is refused")
    func badPattern() {
        #expect(throws: SchemaPatternError.self) { try SchemaPattern("^[a-z+$") }
        #expect(throws: SchemaPatternError.self) { try SchemaPattern("(") }
    }
}
