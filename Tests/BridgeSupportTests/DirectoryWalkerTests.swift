import Foundation
import Testing
@testable import BridgeSupport

/// The file lister behind `bridge-run test DIR` and `--schemas DIR`.
struct DirectoryWalkerTests {
    @Test("lists files below, sorted; skips hidden names and skipped folders; does not loop on links")
    func walk() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("walker-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        for dir in ["a/b", ".git", "node_modules/x", "c.xml"] {
            try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        }
        for file in ["z.txt", "a/1.test.js", "a/b/2.test.js", ".git/h.test.js", "node_modules/x/n.test.js", ".hidden.test.js", "c.xml/README"] {
            #expect(fm.createFile(atPath: root + "/" + file, contents: Data("x".utf8)))
        }
        try fm.createSymbolicLink(atPath: root + "/a/loop", withDestinationPath: root)
        try fm.createSymbolicLink(atPath: root + "/link.test.js", withDestinationPath: root + "/a/1.test.js")

        #expect(DirectoryWalker.files(under: root, skipHidden: true, skipDirectories: ["node_modules"]) == [
            "a/1.test.js", "a/b/2.test.js", "c.xml/README", "link.test.js", "z.txt",
        ])
        #expect(DirectoryWalker.files(under: root, skipHidden: false, listDirectory: { $0.hasSuffix(".xml") }) == [
            ".git/h.test.js", ".hidden.test.js", "a/1.test.js", "a/b/2.test.js", "c.xml", "link.test.js", "node_modules/x/n.test.js", "z.txt",
        ])
        #expect(DirectoryWalker.files(under: root + "/missing", skipHidden: true).isEmpty)
        #expect(DirectoryWalker.isDirectory(root + "/a"))
        #expect(!DirectoryWalker.isDirectory(root + "/z.txt"))
    }


    @Test("file errors read as the system's reason, not a CocoaError dump")
    func fileErrorText() {
        do {
            try Data("x".utf8).write(to: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x"), options: .atomic)
            Issue.record("the write should have failed")
        } catch {
            #expect(FileErrorText.describe(error) == "No such file or directory")
        }
        #expect(FileErrorText.describe(CocoaError(.fileWriteNoPermission)) == "Permission denied")
    }
}
