import Foundation
import Testing
@testable import BridgeCore

/// The EmbedJS plugin embeds a `.js` file with its comment-only lines emptied (engines keep a copy
/// of every text they evaluate): the same lines and columns of code, no comment line left.
@Suite struct EmbeddedJSCommentTests {
    static let sourceFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/BridgeCore/JS/bridge-prelude.js")

    @Test func commentLinesAreEmptiedAndCodeLinesKept() throws {
        // The embedded constant has no final newline (a raw string literal's last line break is not its text).
        var text = try String(contentsOf: Self.sourceFile, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        let original = text.split(separator: "\n", omittingEmptySubsequences: false)
        let embedded = EmbeddedJS.bridgePrelude.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(embedded.count == original.count)
        var emptied = 0
        for (a, b) in zip(original, embedded) {
            if a.drop(while: { $0 == " " }).hasPrefix("//") {
                #expect(b.isEmpty, "comment line kept: \(a)")
                emptied += 1
            } else {
                #expect(a == b)
            }
        }
        // The prelude's header comment alone is 8 lines.
        #expect(emptied >= 8)
        #expect(EmbeddedJS.bridgePrelude.utf8.count < original.joined(separator: "\n").utf8.count)
    }

    /// JavaScriptCore keeps a text that is all ASCII as 8-bit characters and any other as UTF-16:
    /// one `…` in a string made every engine hold its prelude at twice the size (~27 KiB more per
    /// engine in a shared VM). Comment-only lines are emptied when embedded, so only code lines count.
    @Test func everyEmbeddedScriptIsASCII() throws {
        let sources = Self.sourceFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".js") && $0.split(separator: "/").dropLast().last == "JS" }
        #expect(files.count >= 20, "\(files)")
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") {
                #expect(line.utf8.allSatisfy { $0 < 0x80 }, "\(file):\(n + 1): write characters outside ASCII as \\u escapes: \(line)")
            }
        }
    }
}
