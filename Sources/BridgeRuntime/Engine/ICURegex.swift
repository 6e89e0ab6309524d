internal import CJSC
import Synchronization

/// A compiled ICU regular expression, searched unanchored: the dialect schema `pattern` facets
/// are documented in. Through ICU's C API in libicui18n, which JavaScriptCore already links, so
/// it adds no library to the process (Foundation's `NSRegularExpression` wraps the same engine
/// but links all of Foundation).
///
/// One `URegularExpression` holds its match state, so searches take a lock; a search that runs
/// past ICU's step limit (catastrophic backtracking) counts as no match instead of hanging.
final class ICURegex: Sendable {
    /// The compiled pattern (an ICU `URegularExpression *`): searched only under `lock`, freed
    /// in `deinit` — what makes the unchecked isolation sound.
    nonisolated(unsafe) private let regex: OpaquePointer
    private let lock = Mutex(())

    /// ICU's "time limit" for one search, in its own steps: a runaway search (`^(a+)+$` on 40
    /// `a`s and a `!`) gives up after about 0.13 s on these machines.
    static let stepLimit: Int32 = 1_000

    /// Compiles `pattern` with no flags.
    ///
    /// - Throws: ``ICURegexError`` with ICU's reason and the offset where it found it.
    init(_ pattern: String) throws(ICURegexError) {
        let units = Array(pattern.utf16)
        var parseError = UParseError()
        var status = U_ZERO_ERROR
        let compiled = units.withUnsafeBufferPointer { buf in
            bridge_uregex_open(buf.baseAddress, Int32(buf.count), &parseError, &status)
        }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, let compiled else {
            if let compiled { bridge_uregex_close(compiled) }
            throw ICURegexError(reason: Self.describe(status), offset: Int(parseError.offset))
        }
        var limitStatus = U_ZERO_ERROR
        bridge_uregex_set_time_limit(compiled, Self.stepLimit, &limitStatus)
        regex = compiled
    }

    deinit {
        bridge_uregex_close(regex)
    }

    /// `true` when `string` contains a match; `false` also when the search ran out of steps.
    func firstMatchExists(in string: String) -> Bool {
        var units = Array(string.utf16)
        if units.isEmpty { units.append(0) }
        let count = Int32(string.utf16.count)
        return units.withUnsafeBufferPointer { buf in
            lock.withLock { _ in
                let handle = regex
                var status = U_ZERO_ERROR
                bridge_uregex_set_text(handle, buf.baseAddress, count, &status)
                guard status.rawValue <= U_ZERO_ERROR.rawValue else { return false }
                let found = bridge_uregex_find(handle, &status)
                // Drop the pointer to `buf` before it goes away.
                var reset = U_ZERO_ERROR
                bridge_uregex_set_text(handle, buf.baseAddress, 0, &reset)
                return status.rawValue <= U_ZERO_ERROR.rawValue && found
            }
        }
    }

    /// `U_REGEX_MISSING_CLOSE_BRACKET` → `missing close bracket`.
    static func describe(_ status: UErrorCode) -> String {
        var name = String(cString: bridge_u_error_name(status))
        if name.hasPrefix("U_REGEX_") { name.removeFirst(8) } else if name.hasPrefix("U_") { name.removeFirst(2) }
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
