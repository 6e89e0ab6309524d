// `same`'s byte compare (`sameBytes`, which calls `memcmp`) is not inlined into other layers.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A string that compares, hashes and sorts by its Unicode scalars (its UTF-8 bytes), never by
/// Swift `String` equality, which treats canonically equivalent strings as equal: `"é"` (U+00E9)
/// and `"e\u{301}"` are two keys here, and so are `"K"` and the Kelvin sign U+212A. JSON keys,
/// method names and permission names are sequences of code points; a page that spells one
/// differently must never reach another's entry.
@usableFromInline
package struct ScalarKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline package let string: String

    @usableFromInline
    package init(_ string: String) {
        self.string = string
    }

    @usableFromInline
    package static func == (a: ScalarKey, b: ScalarKey) -> Bool {
        same(a.string, b.string)
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        // Native strings hand out their bytes without a copy; others are made contiguous once.
        if let done = string.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) { return done }
        var s = string
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// UTF-8 byte order, which is Unicode scalar order.
    @usableFromInline
    package static func < (a: ScalarKey, b: ScalarKey) -> Bool {
        less(a.string, b.string)
    }

    @usableFromInline
    package var description: String { string }

    /// `true` when `a` and `b` are the same sequence of Unicode scalars. The validator and the
    /// dispatcher compare keys with it in their innermost loops, where most compares are of
    /// equal names: that test is inlined, the rest (``sameBytes(_:_:)``) is a call.
    @inlinable @inline(__always)
    package static func same(_ a: String, _ b: String) -> Bool {
        // The same representation (one storage, or a small string of the same bytes) is the
        // same scalars; String's own == starts the same way.
        if MemoryLayout<String>.size == 16, unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
        return sameBytes(a, b)
    }

    /// `same` past its first test: compares the UTF-8 bytes.
    @usableFromInline @inline(never)
    package static func sameBytes(_ a: String, _ b: String) -> Bool {
        let n = a.utf8.count
        guard n == b.utf8.count else { return false }
        if n == 0 { return true }
        if let r = a.utf8.withContiguousStorageIfAvailable({ pa in
            b.utf8.withContiguousStorageIfAvailable { pb in memcmp(pa.baseAddress!, pb.baseAddress!, n) == 0 }
        }), let same = r {
            return same
        }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// `a` before `b` in Unicode scalar (UTF-8 byte) order.
    @usableFromInline
    package static func less(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// Negative when `a` comes before `b` in Unicode scalar (UTF-8 byte) order, zero when they
    /// are the same scalars, positive after.
    @usableFromInline
    package static func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                let n = min(pa.count, pb.count)
                if n > 0 {
                    let c = memcmp(pa.baseAddress!, pb.baseAddress!, n)
                    if c != 0 { return Int(c) }
                }
                return pa.count - pb.count
            }
        }
    }
}

extension String {
    /// `true` when both are the same sequence of Unicode scalars (not merely canonically
    /// equivalent, as `==` has it).
    package func sameScalars(as other: String) -> Bool {
        ScalarKey.same(self, other)
    }

    /// `true` when this string's Unicode scalars start with `prefix`'s (`hasPrefix` compares
    /// by canonical equivalence and grapheme boundaries).
    package func hasScalarPrefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }
}
