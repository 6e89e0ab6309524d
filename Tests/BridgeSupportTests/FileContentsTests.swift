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

    @Test("a file whose size the file system does not know (/proc) is read to its end")
    func procFile() throws {
        let bytes = try #require(FileContents.read("/proc/self/status"))
        #expect(String(decoding: bytes, as: UTF8.self).contains("Pid:"))
    }
}
