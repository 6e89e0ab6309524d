/// A `pattern` facet compiled once at load.
///
/// Dialect: the Swift standard library's run-time regular expressions (`Regex`), matched on
/// Unicode scalars — the ICU/PCRE syntax (classes, set operations `&&` `--`, `\p{…}`, lazy
/// quantifiers, groups, alternation) with ICU's meaning on the patterns schemas use (a test
/// compares it with ICU's `NSRegularExpression` on every kind of pattern and string). Matching
/// is an unanchored search, like JSON Schema's `pattern`: `[a-z]` accepts `"A1b"`; write `^…$` to
/// constrain the whole string. As in ICU (and Python's `re`), `$` also matches before a final
/// line terminator.
///
/// Not on Foundation's `NSRegularExpression`: linking Foundation costs every `bridge-run`
/// process about a MiB of resident pages, schemas or not (README "Performance").
struct SchemaPattern: Sendable {

    /// The pattern as written in the schema.
    let source: String
    /// Boxed: `Regex` is a resilient type of unknown size, and holding it inline would make every
    /// `CompiledParam` field access go through run-time layout (validation measured 20–80 %
    /// slower); a class reference keeps the layout fixed.
    private let general: GeneralEngine
    /// The standard library's engine for what the fast path does not take. `Regex` is not
    /// `Sendable` only because its output type may not be; a compiled regex is immutable (its
    /// lowered program is created once, atomically) and matching does not mutate it, so sharing
    /// one between threads is safe — what makes the unchecked `Sendable` sound.
    private final class GeneralEngine: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
    }
    /// The native matcher, when the pattern is in its subset (same answers, much faster).
    private let fast: SchemaFastPattern?

    /// Compiles `source`.
    ///
    /// - Throws: why the pattern was refused, as text.
    init(_ source: String) throws(SchemaPatternError) {
        self.source = source
        do {
            general = GeneralEngine(try Regex(Self.icuMeaning(source)).matchingSemantics(.unicodeScalar))
        } catch {
            throw SchemaPatternError(reason: "invalid regular expression '\(source)' (ICU/PCRE syntax)")
        }
        fast = SchemaFastPattern.compile(source)
    }

    /// `source` rewritten so that the standard library's engine gives ICU's answers where the two
    /// differ (both found by the ICU comparison test):
    /// - `$` outside a class: ICU also matches before a final line terminator (`\n`, `\r\n`,
    ///   `\r`, VT, FF, NEL, U+2028, U+2029); `Regex` only at the very end. It becomes a
    ///   look-ahead for an optional final terminator and the end.
    /// - `\w` / `\W`: ICU's word characters include every decimal digit (`\p{Nd}`, e.g. `１`);
    ///   `Regex` on Unicode scalars leaves those out. They become ICU's definition spelled out.
    /// Escapes, `\Q…\E` quotes, comments and bracket classes are skipped over intact.
    static func icuMeaning(_ source: String) -> String {
        let word = #"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200C\u200D"#
        let scalars = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var classDepth = 0
        func copy(_ k: Int) { out.append(scalars[k]) }
        func append(_ text: String) { out.append(contentsOf: text.unicodeScalars) }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\", i + 1 < scalars.count {
                let next = scalars[i + 1]
                if next == "Q" {
                    // Quoted literal text up to \E (or the end), copied as is.
                    let start = i
                    i += 2
                    while i < scalars.count, !(scalars[i] == "\\" && i + 1 < scalars.count && scalars[i + 1] == "E") { i += 1 }
                    i = min(i + 2, scalars.count)
                    for k in start..<i { copy(k) }
                    continue
                }
                if next == "w" {
                    append(classDepth > 0 ? word : "[" + word + "]")
                } else if next == "W" && classDepth == 0 {
                    append("[^" + word + "]")
                } else {
                    copy(i)
                    copy(i + 1)
                }
                i += 2
                continue
            }
            if classDepth == 0, c == "(", i + 2 < scalars.count, scalars[i + 1] == "?", scalars[i + 2] == "#" {
                while i < scalars.count, scalars[i] != ")" { copy(i); i += 1 }
                if i < scalars.count { copy(i); i += 1 }
                continue
            }
            if c == "[" {
                classDepth += 1
            } else if c == "]" && classDepth > 0 {
                classDepth -= 1
            } else if c == "$" && classDepth == 0 {
                append(#"(?=(?:\r\n|[\n\x{0B}\f\r\x{85}\x{2028}\x{2029}])?\z)"#)
                i += 1
                continue
            }
            copy(i)
            i += 1
        }
        return String(out)
    }

    /// `true` when `string` contains a match.
    func matches(_ string: String) -> Bool {
        if let fast { return fast.matches(string) }
        return matchesWithRegex(string)
    }

    /// `true` when `string` contains a match, asking the general engine (tests compare this with
    /// the fast path and with ICU).
    func matchesWithRegex(_ string: String) -> Bool {
        string.contains(general.regex)
    }
}

/// Why a pattern did not compile.
struct SchemaPatternError: Error {
    /// A reason fit for a `file:line: reason` problem.
    var reason: String
}
