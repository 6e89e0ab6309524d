internal import CJSC

/// `JSStringRef` helpers. A `JSStringRef` never leaves the function that made it.
enum JSStringConversion {
    /// Runs `body` with a temporary `JSStringRef` for `string`, releasing it afterwards.
    static func with<T>(_ string: String, _ body: (JSStringRef) throws -> T) rethrows -> T {
        var s = string
        let ref: JSStringRef = s.withUTF8 { utf8 in
            // JSStringCreateWithUTF8CString needs a NUL-terminated buffer.
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: utf8.count + 1) { buf in
                utf8.withMemoryRebound(to: CChar.self) { src in
                    _ = buf.initialize(fromContentsOf: src)
                }
                buf[utf8.count] = 0
                return JSStringCreateWithUTF8CString(buf.baseAddress)
            }
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
