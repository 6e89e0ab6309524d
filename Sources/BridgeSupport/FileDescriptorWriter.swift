#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes of whole byte strings to a file descriptor (stdout, stderr, an open file):
/// retries short writes and `EINTR`, so a line is never cut. What `FileHandle` did for the
/// runtime, without linking the whole of Foundation (see README "Performance", peak RSS).
package enum FileDescriptorWriter {
    /// Writes every byte of `text` to `fd`; returns `false` on an error other than `EINTR`.
    @discardableResult
    package static func write(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { write($0, to: fd) }
    }

    /// Writes every byte of `bytes` to `fd`; returns `false` on an error other than `EINTR`.
    @discardableResult
    package static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Bool {
        guard var p = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            #if canImport(Glibc)
            let n = Glibc.write(fd, p, left)
            #else
            let n = Darwin.write(fd, p, left)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            p += n
            left -= n
        }
        return true
    }
}
