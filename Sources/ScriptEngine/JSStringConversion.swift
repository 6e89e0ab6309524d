internal import CJSC
#if canImport(Glibc)
import Glibc
#endif

/// `JSStringRef` helpers. A `JSStringRef` never leaves the function that made it.
enum JSStringConversion {
    /// Runs `body` with a temporary `JSStringRef` for `string`, releasing it afterwards.
    static func with<T>(_ string: String, _ body: (JSStringRef) throws -> T) rethrows -> T {
        let ref = create(string)
        defer { JSStringRelease(ref) }
        return try body(ref)
    }

    /// A new `JSStringRef` for `string` (the caller releases it). A string without NUL
    /// characters (scripts, names, nearly all data) goes in through its UTF-8 bytes: JavaScriptCore
    /// keeps an all-ASCII one as an 8-bit string (half the memory, faster to hash, copy and
    /// parse) and converts any other to UTF-16 itself, exactly (a Swift string is valid UTF-8).
    /// One with a NUL, which would end the C string, is built from UTF-16. (Swift's own UTF-16
    /// view of a non-ASCII string is slow: React's DOM build, 787 000 characters with a few
    /// non-ASCII ones, took 3.6–4.2 ms through it on every load.)
    static func create(_ string: String) -> JSStringRef {
        var string = string
        if string.withUTF8({ !containsNUL($0) }) {
            // Native Swift strings are NUL-terminated UTF-8: no copy is made here.
            return string.withCString { JSStringCreateWithUTF8CString($0) }
        }
        let count = string.utf16.count
        return withUnsafeTemporaryAllocation(of: JSChar.self, capacity: max(count, 1)) { buf in
            _ = buf.initialize(fromContentsOf: string.utf16)
            return JSStringCreateWithCharacters(buf.baseAddress, count)
        }
    }

    /// Whether the bytes hold a zero byte.
    static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, 0, bytes.count) != nil
    }

    /// A Swift string from a `JSStringRef` (does not release it).
    ///
    /// Through UTF-8 first: JavaScriptCore converts its 8-bit strings straight to UTF-8, and Swift
    /// takes ASCII bytes as they are (the UTF-16 way made JavaScriptCore widen the string and Swift
    /// transcode it: most of a method name's cost). A result that does not keep every UTF-16 unit
    /// (a lone surrogate the UTF-8 conversion could not write) goes the UTF-16 way, which repairs
    /// it as before.
    static func string(_ ref: JSStringRef) -> String {
        let count = JSStringGetLength(ref)
        guard count > 0 else { return "" }
        let viaUTF8 = withUTF8(ref) { String(decoding: $0, as: UTF8.self) }
        if viaUTF8.utf16.count == count { return viaUTF8 }
        guard let chars = JSStringGetCharactersPtr(ref) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: chars, count: count), as: UTF16.self)
    }

    /// The start of a long string: at most `maxUTF16` UTF-8 bytes of it are converted (through a
    /// bounded UTF-8 copy, so a 256 MiB string costs nothing), the rest counted.
    static func string(_ ref: JSStringRef, maxUTF16: Int) -> String {
        let count = JSStringGetLength(ref)
        guard count > maxUTF16 else { return string(ref) }
        let capacity = maxUTF16 + 1
        let head = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buf -> String in
            let written = JSStringGetUTF8CString(ref, buf.baseAddress, capacity)
            return buf.withMemoryRebound(to: UInt8.self) { String(decoding: UnsafeBufferPointer(rebasing: $0[0..<Swift.max(0, written - 1)]), as: UTF8.self) }
        }
        return head + "… (\(count - head.utf16.count) more characters)"
    }

    /// The UTF-8 bytes of `ref` (without the NUL terminator), in an array of exactly their size
    /// (not generic: a generic conversion called from another module looks up its type metadata
    /// at run time on every call). Written into temporary memory (on the stack when small) and
    /// copied: `[UInt8](unsafeUninitializedCapacity:)` calls the standard library's unspecialized
    /// array initializer, which looked up the storage class's metadata on every call (~45 ns of
    /// a params text's ~100, more than the copy), and kept up to three times the text's memory.
    /// Texts whose worst case is over 64 KiB use a heap buffer instead. (Not `withUTF8(_:_:)`
    /// with a copy: through that generic, rethrowing closure `rt-seq` was 3–5 % slower, 8
    /// alternating runs.)
    static func utf8Array(_ ref: JSStringRef) -> [UInt8] {
        let max = JSStringGetMaximumUTF8CStringSize(ref)
        // (A large text goes through the heap: temporary memory may be the thread's stack, whose
        // pages stay resident once touched.)
        let copy = { (buffer: UnsafeMutableBufferPointer<UInt8>) -> [UInt8] in
            let written = buffer.withMemoryRebound(to: CChar.self) { JSStringGetUTF8CString(ref, $0.baseAddress, max) }
            return Array(UnsafeBufferPointer(rebasing: buffer[0..<Swift.max(0, written - 1)]))
        }
        guard max > 64 * 1024 else { return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(max, 1), copy) }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max)
        defer { buffer.deallocate() }
        return copy(buffer)
    }

    /// `utf8Array(_:)` of a JavaScriptCore string made from `string` (for tests).
    static func utf8Array(of string: String) -> [UInt8] {
        with(string) { utf8Array($0) }
    }

    /// Runs `body` with the UTF-8 bytes of `ref` (without the NUL terminator).
    static func withUTF8<T>(_ ref: JSStringRef, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let max = JSStringGetMaximumUTF8CStringSize(ref)
        if max <= 4096 {
            return try withUnsafeTemporaryAllocation(of: CChar.self, capacity: max) { buf in
                let written = JSStringGetUTF8CString(ref, buf.baseAddress, max)
                return try buf.withMemoryRebound(to: UInt8.self) { bytes in
                    try body(UnsafeBufferPointer(rebasing: bytes[0..<Swift.max(0, written - 1)]))
                }
            }
        }
        let buf = UnsafeMutablePointer<CChar>.allocate(capacity: max)
        defer { buf.deallocate() }
        let written = JSStringGetUTF8CString(ref, buf, max)
        return try buf.withMemoryRebound(to: UInt8.self, capacity: max) { p in
            try body(UnsafeBufferPointer(start: p, count: Swift.max(0, written - 1)))
        }
    }
}
