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
    /// The bytes of the file at `path`; `nil` when it cannot be opened or read (no such file, a
    /// directory, no permission).
    package static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR else { return nil }
        var out: [UInt8] = []
        // The size is a hint (a pipe or a /proc file says 0): read until the end either way.
        out.reserveCapacity(st.st_size > 0 ? Int(st.st_size) + 1 : 4096)
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
            out.append(contentsOf: chunk[0..<n])
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
