import Foundation

/// A temporary directory of files for one test, removed when the test is done with it.
final class TempTree {
    let root: String

    init(_ files: [String: String]) throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bridge-modules-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        // Symbolic links resolved, as esbuild names files.
        root = base.resolvingSymlinksInPath().path
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

/// `true` when Debian's esbuild is installed (scripts/bootstrap installs it).
let esbuildInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/esbuild")

/// The 1-based line of the first line of `code` containing `text`.
func line(of text: String, in code: String) -> Int? {
    code.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 1 }
}

/// The 1-based column of `text` on that line.
func column(of text: String, in code: String) -> Int? {
    guard let l = line(of: text, in: code) else { return nil }
    let lineText = code.split(separator: "\n", omittingEmptySubsequences: false)[l - 1]
    return lineText.range(of: text).map { lineText.distance(from: lineText.startIndex, to: $0.lowerBound) + 1 }
}
