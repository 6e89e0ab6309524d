import Foundation

/// A `pattern` facet compiled once at load.
///
/// Dialect: ICU regular expressions, as implemented by `NSRegularExpression`, with no options.
/// Matching is an unanchored search, like JSON Schema's `pattern`: `[a-z]` accepts `"A1b"`;
/// write `^…$` to constrain the whole string. Note that in ICU (as in Python's `re`) `$` also
/// matches before a final line terminator.
struct SchemaPattern: @unchecked Sendable {
    // `NSRegularExpression` is immutable and documented as safe to use from several threads;
    // that is what makes the unchecked `Sendable` sound.

    /// The pattern as written in the schema.
    let source: String
    private let regex: NSRegularExpression
    /// The native matcher, when the pattern is in its subset (same answers, much faster).
    private let fast: SchemaFastPattern?

    /// Compiles `source`.
    ///
    /// - Throws: the reason ICU refused the pattern, as text.
    init(_ source: String) throws(SchemaPatternError) {
        self.source = source
        do {
            regex = try NSRegularExpression(pattern: source, options: [])
        } catch {
            throw SchemaPatternError(reason: "invalid regular expression '\(source)' (ICU syntax)")
        }
        fast = SchemaFastPattern.compile(source)
    }

    /// `true` when `string` contains a match.
    func matches(_ string: String) -> Bool {
        if let fast { return fast.matches(string) }
        return matchesWithICU(string)
    }

    /// `true` when `string` contains a match, asking ICU (tests compare this with the fast path).
    func matchesWithICU(_ string: String) -> Bool {
        let range = NSRange(location: 0, length: string.utf16.count)
        return regex.rangeOfFirstMatch(in: string, options: [], range: range).location != NSNotFound
    }
}

/// Why a pattern did not compile.
struct SchemaPatternError: Error {
    /// A reason fit for a `file:line: reason` problem.
    var reason: String
}
