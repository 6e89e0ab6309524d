/// A native matcher for the simple patterns schemas mostly use (`^[a-z_]+$`, `^[0-9A-Z]{8,32}$`,
/// `^https?://[^ ]+$`, `^#[0-9a-fA-F]{6}$`, `^\d{6}$`), with exactly ICU's meaning.
///
/// `NSRegularExpression` on Linux costs about half a microsecond per call (string bridging and a
/// match object); this runs a small bit-parallel NFA over the Unicode scalars without allocating.
/// ``compile(_:)`` accepts only a subset: optional `^`; a sequence of ASCII literals,
/// escaped ASCII punctuation, `\d`, and bracket classes of ASCII literals and ranges (optionally
/// negated); groups (`(...)`, `(?:...)`) whose alternatives are each one such atom, which match
/// as the union of them; greedy quantifiers `? * + {n} {n,} {n,m}`; optional final `$`.
/// Everything else (other groups, `.`, other escapes, set operations, non-ASCII literals) returns
/// `nil` and ``SchemaPattern`` keeps using ICU. Tests compare both engines on many strings.
struct SchemaFastPattern: Sendable {
    /// One expanded position of the pattern: a character set, matched once, optionally, or
    /// any number of times.
    struct Unit: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var negated = false
        /// `\d`: non-ASCII scalars of general category Nd match too (as in ICU).
        var unicodeDigits = false
        var star = false

        @inline(__always) func matches(_ c: Unicode.Scalar) -> Bool {
            let v = c.value
            if v < 64 { return ((low >> UInt64(v)) & 1 == 1) != negated }
            if v < 128 { return ((high >> UInt64(v - 64)) & 1 == 1) != negated }
            if unicodeDigits { return Self.isDecimalDigit(c) }
            return negated
        }

        /// General category Nd. Out of line: `Unicode.Scalar.Properties` is a resilient type of
        /// the standard library, whose metadata a function holding one looks up on every call, so
        /// inlined into the matcher's step it cost every byte of every ASCII string matched
        /// (~2 % of a validation).
        @inline(never) static func isDecimalDigit(_ c: Unicode.Scalar) -> Bool {
            c.properties.generalCategory == .decimalNumber
        }

        mutating func insert(_ v: UInt32) {
            if v < 64 { low |= 1 << UInt64(v) } else { high |= 1 << UInt64(v - 64) }
        }
    }

    let units: [Unit]
    /// Bit `j` set when unit `j` may be skipped (optional or star).
    let skippable: UInt64
    let anchoredStart: Bool
    let anchoredEnd: Bool
    /// For each ASCII byte, bit `j` set when unit `j` matches it: the ASCII loop's step is then
    /// a mask and a shift (shift-and), not a walk over the live states.
    let asciiMasks: [UInt64]
    /// Bit `j` set when unit `j` repeats (`star`): a match stays at `j` instead of moving on.
    let starUnits: UInt64

    init(units: [Unit], skippable: UInt64, anchoredStart: Bool, anchoredEnd: Bool) {
        self.units = units
        self.skippable = skippable
        self.anchoredStart = anchoredStart
        self.anchoredEnd = anchoredEnd
        var masks = [UInt64](repeating: 0, count: 128)
        var star: UInt64 = 0
        for (j, unit) in units.enumerated() {
            if unit.star { star |= 1 << UInt64(j) }
            for c in 0..<128 where unit.matches(Unicode.Scalar(UInt8(c))) { masks[c] |= 1 << UInt64(j) }
        }
        asciiMasks = masks
        starUnits = star
    }

    /// Compiles `pattern`, or returns `nil` when it is outside the supported subset.
    static func compile(_ pattern: String) -> SchemaFastPattern? {
        var chars = Array(pattern.unicodeScalars)
        var anchoredStart = false
        var anchoredEnd = false
        if chars.first == "^" {
            anchoredStart = true
            chars.removeFirst()
        }
        if chars.last == "$" {
            // `\$` is a literal dollar: count the backslashes before it.
            var slashes = 0
            var k = chars.count - 2
            while k >= 0 && chars[k] == "\\" {
                slashes += 1
                k -= 1
            }
            if slashes % 2 == 0 {
                anchoredEnd = true
                chars.removeLast()
            }
        }
        var units: [Unit] = []
        var skippable: UInt64 = 0
        var i = 0
        while i < chars.count {
            var unit: Unit
            if chars[i] == "(" {
                // A group whose alternatives are single characters or classes, `(?:[a-z]| )`,
                // matches exactly what the union of them does: one unit (so `(?:[a-z]| )+` on a
                // 10 MB value is a linear scan, where a backtracking engine runs out of stack).
                i += 1
                if i + 1 < chars.count, chars[i] == "?", chars[i + 1] == ":" { i += 2 } else if i < chars.count, chars[i] == "?" { return nil }
                unit = Unit()
                while true {
                    guard let alternative = parseAtom(chars, &i), !alternative.negated else { return nil }
                    unit.low |= alternative.low
                    unit.high |= alternative.high
                    unit.unicodeDigits = unit.unicodeDigits || alternative.unicodeDigits
                    guard i < chars.count else { return nil }
                    if chars[i] == "|" {
                        i += 1
                        continue
                    }
                    guard chars[i] == ")" else { return nil }
                    i += 1
                    break
                }
            } else {
                guard let atom = parseAtom(chars, &i) else { return nil }
                unit = atom
            }
            // Quantifier.
            var low = 1
            var high = 1
            if i < chars.count {
                switch chars[i] {
                case "?": (low, high) = (0, 1); i += 1
                case "*": (low, high) = (0, Int.max); i += 1
                case "+": (low, high) = (1, Int.max); i += 1
                case "{":
                    guard let (l, h, end) = parseBraces(chars, from: i + 1) else { return nil }
                    (low, high) = (l, h)
                    i = end
                default: break
                }
                // Lazy and possessive quantifiers are left to ICU.
                if i < chars.count, chars[i] == "?" || chars[i] == "+" { return nil }
                if i < chars.count, chars[i] == "*" || chars[i] == "{" { return nil }
            }
            let copies = high == Int.max ? low + 1 : high
            guard units.count + copies <= 63 else { return nil }
            for n in 0..<copies {
                var u = unit
                if n >= low {
                    skippable |= 1 << UInt64(units.count)
                    if high == Int.max { u.star = true }
                }
                units.append(u)
            }
        }
        return SchemaFastPattern(units: units, skippable: skippable, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
    }

    /// One atom at `i` (a literal, an escape, a bracket class), or `nil` outside the subset.
    static func parseAtom(_ chars: [Unicode.Scalar], _ i: inout Int) -> Unit? {
        guard i < chars.count else { return nil }
        var unit = Unit()
        let c = chars[i]
        i += 1
        switch c {
        case "\\":
            guard i < chars.count else { return nil }
            let e = chars[i]
            i += 1
            if e == "d" {
                for d in UInt32(48)...57 { unit.insert(d) }
                unit.unicodeDigits = true
            } else if isPunctuation(e) {
                unit.insert(e.value)
            } else {
                return nil
            }
        case "[":
            guard let end = parseClass(chars, from: i, into: &unit) else { return nil }
            i = end
        case "^", "$", ".", "|", "?", "*", "+", "(", ")", "]", "{", "}":
            return nil
        default:
            guard c.value < 128 else { return nil }
            unit.insert(c.value)
        }
        return unit
    }

    /// ASCII punctuation, which a backslash makes literal in ICU.
    static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        c.value < 128 && !(c.properties.isAlphabetic || ("0"..."9").contains(c)) && c.value > 32
    }

    /// Reads `[...]` after the `[`; returns the index after `]`.
    static func parseClass(_ chars: [Unicode.Scalar], from start: Int, into unit: inout Unit) -> Int? {
        var i = start
        if i < chars.count, chars[i] == "^" {
            unit.negated = true
            i += 1
        }
        // `[:name:]` is a named set in ICU (`[:alpha:]`, `[:^digit:]`), not a list of literals.
        if i < chars.count, chars[i] == ":" { return nil }
        var members: [UInt32] = []
        var first = true
        while i < chars.count {
            var c = chars[i]
            if c == "]" {
                guard !first else { return nil }  // `[]...]` means something else in ICU
                for m in members { unit.insert(m) }
                return i + 1
            }
            first = false
            if "[&$^{}'".unicodeScalars.contains(c) || c.value >= 128 || c.value < 32 { return nil }
            if c == "-" {
                // A leading or trailing `-` is a plain literal; ICU gives other dashes set meanings.
                let leading = members.isEmpty && i == start + (unit.negated ? 1 : 0)
                let trailing = i + 1 < chars.count && chars[i + 1] == "]"
                guard leading || trailing else { return nil }
                members.append(c.value)
                i += 1
                continue
            }
            if c == "\\" {
                guard i + 1 < chars.count, isPunctuation(chars[i + 1]) else { return nil }
                i += 1
                c = chars[i]
            }
            i += 1
            if i + 1 < chars.count, chars[i] == "-", chars[i + 1] != "]" {
                var hi = chars[i + 1]
                i += 2
                if hi == "\\" {
                    guard i < chars.count, isPunctuation(chars[i]) else { return nil }
                    hi = chars[i]
                    i += 1
                }
                if hi == "[" || hi == "-" || hi == "&" || hi.value >= 128 || hi.value < c.value { return nil }
                for v in c.value...hi.value { members.append(v) }
            } else {
                members.append(c.value)
            }
        }
        return nil
    }

    /// Reads `n}`, `n,}` or `n,m}` after the `{`.
    static func parseBraces(_ chars: [Unicode.Scalar], from start: Int) -> (Int, Int, Int)? {
        guard let close = chars[start...].firstIndex(of: "}") else { return nil }
        let body = String(String.UnicodeScalarView(chars[start..<close]))
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2, let low = Int(parts[0]), low <= 64 else { return nil }
        var high = low
        if parts.count == 2 {
            if parts[1].isEmpty {
                high = Int.max
            } else {
                guard let h = Int(parts[1]), h >= low, h <= 64 else { return nil }
                high = h
            }
        }
        return (low, high, close + 1)
    }

    /// ICU line terminators, before which a final `$` also matches.
    @inline(__always) static func isLineTerminator(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return (v >= 0x0A && v <= 0x0D) || v == 0x85 || v == 0x2028 || v == 0x2029
    }

    /// `set` plus every position reachable by skipping optional units (edges only go forward,
    /// from a skippable unit `j` to `j + 1`). One addition does it: a set bit at a skippable
    /// unit, added to `skippable`, carries through the run of skippable units above it and stops
    /// at the first unit past the run, so the bits the addition changes are exactly the ones
    /// reachable from it. (Units are at most 63, so the sum stays within 64 bits.)
    @inline(__always) func closure(_ set: UInt64) -> UInt64 {
        set | ((skippable &+ (set & skippable)) ^ skippable)
    }

    /// `true` when `string` contains a match (ICU `find` semantics).
    func matches(_ string: String) -> Bool {
        // Most values are ASCII: read as bytes straight from the string's UTF-8 (a byte below
        // 0x80 is a scalar); the first other byte sends the string to the scalar loop.
        if let ascii = string.utf8.withContiguousStorageIfAvailable({ matchesASCII($0) }), let known = ascii { return known }
        return matchesScalars(string)
    }

    /// `matches` over ASCII bytes; `nil` at the first byte that is not ASCII. The same loop as
    /// `matchesScalars` (its `step` through `asciiMasks`), over a buffer of bytes rather than generic code, so
    /// debug builds stay fast on a 10 MB value.
    private func matchesASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        asciiMasks.withUnsafeBufferPointer { matchesASCII(bytes, masks: $0) }
    }

    private func matchesASCII(_ bytes: UnsafeBufferPointer<UInt8>, masks: UnsafeBufferPointer<UInt64>) -> Bool? {
        let accept: UInt64 = 1 << UInt64(units.count)
        let start = closure(1)
        var current: UInt64 = start
        let n = bytes.count
        var i = 0
        while true {
            if !anchoredStart { current |= start }
            if current & accept != 0 {
                if !anchoredEnd || i == n { return true }
                // `$` also matches before a final line terminator (or CR LF).
                let c = bytes[i]
                if c >= 0x80 { return nil }
                if c >= 0x0A && c <= 0x0D {
                    // Not between the CR and LF of a final CR LF (ICU's `$` never is).
                    if i + 1 == n, !(c == 0x0A && i > 0 && bytes[i - 1] == 0x0D) { return true }
                    if c == 0x0D, bytes[i + 1] == 0x0A, i + 2 == n { return true }
                }
            }
            if i == n { return false }
            if current == 0 && anchoredStart { return false }
            let c = bytes[i]
            if c >= 0x80 { return nil }
            // The same as `step`: the live units that match `c` stay (a star) or move on. The
            // accepting bit is above every unit's, so no mask holds it.
            let live = current & masks[Int(c)]
            current = closure((live & starUnits) | ((live & ~starUnits) << 1))
            i += 1
        }
    }

    private func matchesScalars(_ string: String) -> Bool {
        let accept: UInt64 = 1 << UInt64(units.count)
        let start = closure(1)
        var current: UInt64 = start
        let scalars = string.unicodeScalars
        var index = scalars.startIndex
        var previous: Unicode.Scalar?
        while true {
            if !anchoredStart { current |= start }
            if current & accept != 0 {
                if !anchoredEnd || index == scalars.endIndex { return true }
                // `$` also matches before a final line terminator (or CR LF), but not between
                // the CR and the LF.
                let c = scalars[index]
                if Self.isLineTerminator(c) {
                    let next = scalars.index(after: index)
                    if next == scalars.endIndex, !(c == "\n" && previous == "\r") { return true }
                    if c == "\r", scalars[next] == "\n", scalars.index(after: next) == scalars.endIndex { return true }
                }
            }
            if index == scalars.endIndex { return false }
            if current == 0 && anchoredStart { return false }
            let c = scalars[index]
            previous = c
            current = step(current, accept, c)
            index = scalars.index(after: index)
        }
    }

    /// The states after reading `c` in `current` (the accepting bit left out), closed over the
    /// units that may be skipped.
    @inline(__always) private func step(_ current: UInt64, _ accept: UInt64, _ c: Unicode.Scalar) -> UInt64 {
        var next: UInt64 = 0
        var bits = current & ~accept
        while bits != 0 {
            let j = bits.trailingZeroBitCount
            bits &= bits - 1
            let unit = units[j]
            if unit.matches(c) { next |= unit.star ? (1 << UInt64(j)) : (1 << UInt64(j + 1)) }
        }
        return closure(next)
    }
}
