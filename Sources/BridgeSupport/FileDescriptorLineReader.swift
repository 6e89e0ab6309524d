#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines read from a file descriptor (a pipe, stdin) with `read(2)`, blocking, until its end.
///
/// Not Swift's `readLine`: its runtime retries `getline` while `errno == EINTR`, but `getline`
/// leaves `errno` alone at the end of input, so a stale `EINTR` from an earlier interrupted call on
/// the same thread (JavaScriptCore suspends threads with signals) turned the end of input into a
/// busy loop that never returned — a `--workers` child spinning at 100 % after its last file.
/// Here only a `read` that itself failed with `EINTR` is retried.
package struct FileDescriptorLineReader {
    private let fd: Int32
    private var pending: [UInt8] = []
    /// One read's worth, reused.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// Where the next line starts in `pending`.
    private var start = 0
    /// How far `pending` was searched for a newline.
    private var searched = 0
    private var atEnd = false

    /// Reads from `fd` (which it does not close).
    package init(fd: Int32) {
        self.fd = fd
    }

    /// The next line without its `\n`; a last line without one counts; `nil` at the end of input
    /// or on a read error.
    package mutating func next() -> String? {
        while true {
            if let end = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[start..<end], as: UTF8.self)
                start = end + 1
                searched = start
                if start == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    start = 0
                    searched = 0
                }
                return line
            }
            searched = pending.count
            if atEnd {
                guard start < pending.count else { return nil }
                let line = String(decoding: pending[start...], as: UTF8.self)
                pending.removeAll()
                start = 0
                searched = 0
                return line
            }
            if start > 0 {
                pending.removeFirst(start)
                searched -= start
                start = 0
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { atEnd = true } else { pending.append(contentsOf: chunk[0..<n]) }
        }
    }
}
