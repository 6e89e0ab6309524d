/// A `pattern` facet compiled once at load.
///
/// Dialect: ICU regular expressions with no flags — run by ICU itself (``ICURegex``, the C API
/// of the libicui18n that JavaScriptCore already links). Matching is an unanchored search,
/// like JSON Schema's `pattern`: `[a-z]` accepts `"A1b"`; write `^…$` to constrain the whole
/// string. Note that in ICU (as in Python's `re`) `$` also matches before a final line
/// terminator. A search that exceeds ICU's limits (catastrophic backtracking) fails the value
/// with its own message rather than hanging the run; an empty pattern matches everything.
struct SchemaPattern: Sendable {
    /// The pattern as written in the schema.
    let source: String
    /// ICU, for what the fast path does not take (a class reference: fixed layout).
    private let icu: ICURegex
    /// The native matcher, when the pattern is in its subset (same answers, much faster).
    private let fast: SchemaFastPattern?

    /// Compiles `source`.
    ///
    /// - Throws: ICU's reason for refusing the pattern, as text.
    init(_ source: String) throws(SchemaPatternError) {
        self.source = source
        do {
            icu = try ICURegex(source)
        } catch {
            throw SchemaPatternError(reason: "invalid regular expression '\(source)' (ICU syntax: \(error.reason) at offset \(error.offset))")
        }
        fast = SchemaFastPattern.compile(source)
    }

    /// `true` when `string` contains a match (`false` too when ICU gave up).
    func matches(_ string: String) -> Bool {
        // Optional chaining borrows the matcher; `if let` copied it (a retain and a release of
        // each of its arrays per value checked).
        if let answer = fast?.matches(string) { return answer }
        return icu.search(string) == .match
    }

    /// What a search of `string` found, with ICU's reason when it gave up.
    func evaluate(_ string: String) -> ICURegex.Outcome {
        if let answer = fast?.matches(string) { return answer ? .match : .noMatch }
        return icu.search(string)
    }

    /// `true` when `string` contains a match, asking ICU (tests compare this with the fast path
    /// and with Foundation's `NSRegularExpression`).
    func matchesWithICU(_ string: String) -> Bool {
        icu.search(string) == .match
    }
}

/// Why a pattern did not compile.
struct SchemaPatternError: Error {
    /// A reason fit for a `file:line: reason` problem.
    var reason: String
}
