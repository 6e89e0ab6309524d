internal import CJSC

/// `JSStringRef` helpers. A `JSStringRef` never leaves the function that made it.
enum JSStringConversion {
    /// Runs `body` with a temporary `JSStringRef` for `string`, releasing it afterwards. Built
    /// from UTF-16, so NUL characters in scripts and data survive.
    static func with<T>(_ string: String, _ body: (JSStringRef) throws -> T) rethrows -> T {
        let count = string.utf16.count
        let ref: JSStringRef = withUnsafeTemporaryAllocation(of: JSChar.self, capacity: max(count, 1)) { buf in
            _ = buf.initialize(fromContentsOf: string.utf16)
            return JSStringCreateWithCharacters(buf.baseAddress, count)
        }
        defer { JSStringRelease(ref) }
        return try body(ref)
    }

    /// A Swift string from a `JSStringRef` (does not release it).
    static func string(_ ref: JSStringRef) -> String {
        let count = JSStringGetLength(ref)
        guard count > 0, let chars = JSStringGetCharactersPtr(ref) else { return "" }
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
