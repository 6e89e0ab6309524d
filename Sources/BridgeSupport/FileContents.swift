#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole files and asking what a path is, on the C library (what `FileManager`'s
/// `contents(atPath:)` and `fileExists(atPath:)` did for the start of a run: `bridge-run run`
/// needs them before anything else, and Foundation's versions brought its URL and file-manager
/// code into every run's resident set).
package enum FileContents {
    /// The most a file read whole may hold (a page, a script, a config or mock file): past it the
    /// read fails as an unreadable file would, instead of the process allocating it.
    package static let maxBytes = 1 << 30

    /// The bytes of the regular file at `path`; `nil` when it cannot be opened or read (no such
    /// file, no permission), is not a regular file (a directory, a device such as `/dev/zero`, a
    /// FIFO — opened without waiting for a writer) or holds more than `maxBytes`.
    package static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size <= maxBytes else { return nil }
        var out: [UInt8] = []
        // The size is a hint (a file that grows while it is read): read until the end, up to the limit.
        out.reserveCapacity(Int(st.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.read(fd, buffer.baseAddress, buffer.count)
                #else
                Darwin.read(fd, buffer.baseAddress, buffer.count)
                #endif
            }
            if n == 0 { return out }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            guard out.count + n <= maxBytes else { return nil }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// Why `read(path)` gives `nil`, in a few words for a message ("no such file", "a directory,
    /// not a file", "not a regular file", "larger than 1 GiB", "not readable").
    package static func problem(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return errno == EACCES ? "not readable" : "no such file" }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return "a directory, not a file"
        case S_IFREG: return st.st_size > maxBytes ? "larger than \(maxBytes >> 30) GiB" : "not readable"
        default: return "not a regular file"
        }
    }

    /// Whether something exists at `path` (following symbolic links).
    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// Whether `path` exists and is not a directory (following symbolic links).
    package static func isFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR
    }
}
