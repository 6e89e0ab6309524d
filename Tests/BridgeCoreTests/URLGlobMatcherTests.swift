import Testing
@testable import BridgeCore

/// URL patterns (capabilities, HTTP fixtures, WebSocket replies), matched by a set of live
/// positions in time linear in the text; checked against the recursive definition.
struct URLGlobMatcherTests {
    /// The definition, by recursion over the pattern (exponential on some inputs; used here on
    /// short ones only). `star` stops at `/` unless `crossing`; `?` is one non-`/` byte when
    /// `question`.
    static func reference(_ p: [UInt8], _ s: [UInt8], question: Bool, crossing: Bool) -> Bool {
        func go(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == s.count }
            if p[i] == UInt8(ascii: "*") {
                let double = i + 1 < p.count && p[i + 1] == UInt8(ascii: "*")
                let next = double ? i + 2 : i + 1
                var k = j
                while true {
                    if go(next, k) { return true }
                    if k == s.count || (!double && !crossing && s[k] == UInt8(ascii: "/")) { return false }
                    k += 1
                }
            }
            if p[i] == UInt8(ascii: "?") && question {
                return j < s.count && s[j] != UInt8(ascii: "/") && go(i + 1, j + 1)
            }
            return j < s.count && s[j] == p[i] && go(i + 1, j + 1)
        }
        return go(0, 0)
    }

    @Test("the matcher answers as the recursive definition on random patterns and texts, for all three kinds")
    func agreesWithTheDefinition() {
        var r = SettlementStressTests.SplitMix(state: 42)
        let alphabet = Array("ab/-?*".utf8)
        var checked = 0
        for _ in 0..<4000 {
            let p = String(decoding: (0..<Int.random(in: 0...8, using: &r)).map { _ in alphabet.randomElement(using: &r)! }, as: UTF8.self)
            let s = String(decoding: (0..<Int.random(in: 0...10, using: &r)).map { _ in Array("ab/-?*".utf8).randomElement(using: &r)! }, as: UTF8.self)
            let (pb, sb) = (Array(p.utf8), Array(s.utf8))
            #expect(URLGlob(p, questionMarkMatchesOne: true, normalizing: false).matches(normalized: s) == Self.reference(pb, sb, question: true, crossing: false), "\(p) on \(s)")
            #expect(URLGlob(p, questionMarkMatchesOne: false, normalizing: false).matches(normalized: s) == Self.reference(pb, sb, question: false, crossing: false), "\(p) on \(s) (? literal)")
            #expect(URLGlob(anyText: p).matches(normalized: s) == Self.reference(pb, sb, question: false, crossing: true), "\(p) on \(s) (any text)")
            checked += 1
        }
        #expect(checked == 4000)
    }

    @Test("the patterns a review found slow are answered (a backtracking matcher runs for minutes)")
    func patternsThatBacktrack() {
        let uuid = URLGlob("https://api.example.com/users/*-*-*-*-*/profile")
        let long = "https://api.example.com/users/" + String(repeating: "word-", count: 2000) + "end/settings"
        #expect(!uuid.matches(long))
        #expect(uuid.matches("https://api.example.com/users/1-2-3-4-5/profile"))
        let stars = URLGlob(anyText: String(repeating: "*a", count: 12) + "*b")
        #expect(!stars.matches(normalized: String(repeating: "a", count: 20_000)))
        #expect(stars.matches(normalized: String(repeating: "a", count: 20_000) + "b"))
        #expect(URLGlob("**/x/**/y").matches("https://h/" + String(repeating: "x/", count: 5000) + "y"))
    }

    @Test("scheme and host compare case-insensitively, the rest exactly")
    func normalization() {
        #expect(URLGlob("https://m.example.com/Shop/*").matches("HTTPS://M.Example.COM/Shop/index.html"))
        #expect(!URLGlob("https://m.example.com/Shop/*").matches("https://m.example.com/shop/index.html"))
        #expect(!URLGlob("https://m.example.com/*").matches("https://m.example.com/a/b"))
        #expect(URLGlob("https://m.example.com/**").matches("https://m.example.com/a/b"))
    }
}
