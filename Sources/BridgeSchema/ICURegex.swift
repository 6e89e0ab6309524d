internal import CICURegex
import Synchronization

/// A compiled ICU regular expression, searched unanchored: the dialect schema `pattern` facets
/// are documented in. Through ICU's C API in libicui18n (the `CICURegex` target), which
/// JavaScriptCore already links, so it adds no library to the process (Foundation's
/// `NSRegularExpression` wraps the same engine but links all of Foundation).
///
/// One ICU regex holds its match state, so searches take a lock. A search that runs past ICU's
/// step limit (catastrophic backtracking; the limit grows with the text) or past a 64 MiB
/// backtracking stack gives up and says so, instead of hanging or answering wrongly. Work ICU
/// does inside one step is not counted: atomic groups and back-references over long texts can
/// still take seconds.
final class ICURegex: Sendable {
    /// The compiled pattern: searched only under `lock`, freed in `deinit` — what makes the
    /// unchecked isolation sound.
    nonisolated(unsafe) private let regex: OpaquePointer
    private let lock = Mutex(())

    /// ICU's "time limit" for one search, in its own steps, plus one per 64 characters of text:
    /// a runaway search (`^(a+)+$` on 40 `a`s and a `!`) gives up after 0.1–0.4 s here.
    static let stepLimit: Int32 = 1_000

    /// Compiles `pattern` with no flags.
    ///
    /// - Throws: ``ICURegexError`` with ICU's reason and the offset where it found it.
    init(_ pattern: String) throws(ICURegexError) {
        let units = Array(pattern.utf16)
        var offset: Int32 = 0
        var name = [CChar](repeating: 0, count: 64)
        let compiled = units.withUnsafeBufferPointer { buf in
            name.withUnsafeMutableBufferPointer { nameBuf in
                bridge_icu_regex_open(buf.baseAddress, Int32(clamping: buf.count), Self.stepLimit, nameBuf.baseAddress, nameBuf.count, &offset)
            }
        }
        guard let compiled else {
            let errorName = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ICURegexError(reason: Self.describe(errorName), offset: Int(offset))
        }
        regex = compiled
    }

    deinit {
        bridge_icu_regex_close(regex)
    }

    /// What one search found.
    enum Outcome: Equatable {
        case match
        case noMatch
        /// ICU gave up; the reason in words (`step limit`, `backtracking stack limit`, …).
        case gaveUp(String)
    }

    /// Searches `string` unanchored.
    func search(_ string: String) -> Outcome {
        let units = Array(string.utf16)
        return units.withUnsafeBufferPointer { buf in
            lock.withLock { _ in
                var failure: Int32 = 0
                let found = bridge_icu_regex_find(regex, buf.baseAddress, Int32(clamping: buf.count), &failure)
                switch failure {
                case 0: return found ? .match : .noMatch
                case Int32(BRIDGE_ICU_REGEX_TIME_OUT): return .gaveUp("step limit")
                case Int32(BRIDGE_ICU_REGEX_STACK_OVERFLOW): return .gaveUp("backtracking stack limit")
                default: return .gaveUp("ICU error")
                }
            }
        }
    }

    /// `U_REGEX_MISSING_CLOSE_BRACKET` → `missing close bracket`.
    static func describe(_ errorName: String) -> String {
        var name = Substring(errorName)
        if name.hasPrefix("U_REGEX_") { name = name.dropFirst(8) } else if name.hasPrefix("U_") { name = name.dropFirst(2) }
        return String(name.lowercased().map { $0 == "_" ? " " : $0 })
    }
}

/// Why ICU refused a pattern.
struct ICURegexError: Error {
    /// ICU's reason in words, e.g. `missing close bracket`.
    var reason: String
    /// UTF-16 offset in the pattern where ICU noticed (0 when it did not say).
    var offset: Int
}
