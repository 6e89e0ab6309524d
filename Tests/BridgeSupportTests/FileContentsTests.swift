import Foundation
import Testing
@testable import BridgeSupport

/// The C-library file reads that replaced `FileManager` on the start of a run.
struct FileContentsTests {
    @Test("reads a file's bytes exactly, as FileManager does")
    func readsBytes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filecontents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Empty, small, one byte past the 64 KiB read chunk, and binary with NULs and invalid UTF-8.
        let samples: [[UInt8]] = [[], Array("é\n".utf8), (0..<(64 * 1024 + 1)).map { UInt8($0 % 251) }, [0, 0xFF, 0xC3, 0x28, 0]]
        for (i, bytes) in samples.enumerated() {
            let path = dir.path + "/f\(i)"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(FileContents.read(path) == bytes, "sample \(i)")
            #expect(FileContents.read(path).map { Data($0) } == FileManager.default.contents(atPath: path))
            #expect(FileContents.isFile(path))
            #expect(FileContents.exists(path))
        }
    }

    @Test("a missing file, a directory and an unreadable path give nil")
    func missing() {
        #expect(FileContents.read("/nonexistent/bridge-\(UUID().uuidString)") == nil)
        #expect(!FileContents.exists("/nonexistent/bridge-\(UUID().uuidString)"))
        #expect(FileContents.read(NSTemporaryDirectory()) == nil)
        #expect(!FileContents.isFile(NSTemporaryDirectory()))
        #expect(FileContents.exists(NSTemporaryDirectory()))
    }

    @Test("devices, a FIFO with no writer and a file over the limit give nil at once")
    func notRegularOrTooLarge() throws {
        // /dev/zero never ends and /dev/stdin may wait for ever: only regular files are read.
        #expect(FileContents.read("/dev/zero") == nil)
        #expect(FileContents.read("/dev/null") == nil)
        // A /proc file is a regular file whose size reads 0: it is read to its end.
        #expect(FileContents.read("/proc/self/status").map { String(decoding: $0, as: UTF8.self).contains("Pid:") } == true)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filecontents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(FileContents.read(fifo) == nil)
        // A sparse file one byte over the limit: refused from its size, nothing read.
        let big = dir.path + "/big"
        let fd = open(big, O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, off_t(FileContents.maxBytes + 1)) == 0)
        close(fd)
        #expect(FileContents.isFile(big))
        #expect(FileContents.read(big) == nil)
        // What a message says about each.
        #expect(FileContents.problem(big) == "larger than 1 GiB")
        #expect(FileContents.problem(fifo) == "not a regular file")
        #expect(FileContents.problem("/dev/zero") == "not a regular file")
        #expect(FileContents.problem(dir.path) == "a directory, not a file")
        #expect(FileContents.problem(dir.path + "/none") == "no such file")
    }
}
