/// Text a page chose (an error message, a `sourceURL`, a rejection reason, a test name) made
/// safe to print as part of one diagnostic line: a page must not be able to split an error over
/// several lines, print a line of its own choosing (`bridge-run: all tests passed`), reorder the
/// terminal's text with bidirectional controls, or flood the log with one enormous message.
extension String {
    /// The most Unicode scalars a diagnostic keeps from one piece of page text by default.
    package static let diagnosticLimit = 2000

    /// This text on one line: line breaks and other control characters written as escapes
    /// (`\n`, `\r`, `\u{2028}`), at most `limit` scalars kept and the rest counted.
    ///
    /// Escaped: C0 controls but tab, DEL, C1 controls (U+0085 included), U+2028/U+2029, and the
    /// bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069).
    package func oneLine(limit: Int = String.diagnosticLimit) -> String {
        var needsWork = false
        var count = 0
        for s in unicodeScalars {
            count += 1
            if count > limit || Self.isUnsafeOnOneLine(s) {
                needsWork = true
                break
            }
        }
        guard needsWork else { return self }
        var out = ""
        var kept = 0
        var iterator = unicodeScalars.makeIterator()
        while let s = iterator.next() {
            if kept == limit {
                var rest = 1
                while iterator.next() != nil { rest += 1 }
                out += "… (\(rest) more characters)"
                break
            }
            kept += 1
            switch s {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                if Self.isUnsafeOnOneLine(s) {
                    out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
    }

    /// This text with every scalar outside printable ASCII written as `\u{XXXX}`, to show which
    /// code points two look-alike strings really hold.
    package var scalarEscaped: String {
        var out = ""
        for s in unicodeScalars {
            if s.value >= 0x20 && s.value < 0x7F {
                out.unicodeScalars.append(s)
            } else {
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    private static func isUnsafeOnOneLine(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
