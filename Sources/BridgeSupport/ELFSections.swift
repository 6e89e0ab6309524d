#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The section names of an ELF64 file (little-endian, as on Linux x86-64 and arm64), read from
/// its section header table — what diagnostics need to say why a linker section was not found.
/// Reads only the ELF header, the section headers and the section-name table.
package enum ELFSections {
    /// The section names of the file at `path`, or `nil` when it is not a readable ELF64 file.
    package static func names(ofFile path: String) -> [String]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func read(_ count: Int, at offset: Int) -> [UInt8]? {
            guard count > 0, count < 1 << 26, offset >= 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        func int(_ b: [UInt8], _ at: Int, _ size: Int) -> Int {
            var v = 0
            for i in (0..<size).reversed() { v = v << 8 | Int(b[at + i]) }
            return v
        }
        guard let header = read(64, at: 0), header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46,
            header[4] == 2, header[5] == 1
        else { return nil }
        let shoff = int(header, 0x28, 8)
        let shentsize = int(header, 0x3A, 2)
        let shnum = int(header, 0x3C, 2)
        let shstrndx = int(header, 0x3E, 2)
        guard shentsize >= 64, shnum > 0, shstrndx < shnum, let table = read(shentsize * shnum, at: shoff) else { return nil }
        let strings = shstrndx * shentsize
        guard let names = read(int(table, strings + 0x20, 8), at: int(table, strings + 0x18, 8)) else { return nil }
        var out: [String] = []
        for i in 0..<shnum {
            let at = int(table, i * shentsize, 4)
            guard at < names.count else { continue }
            let end = names[at...].firstIndex(of: 0) ?? names.endIndex
            out.append(String(decoding: names[at..<end], as: UTF8.self))
        }
        return out
    }

    /// Edit distance between two short ASCII names (for "did you mean" hints).
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
