import BridgeRuntimeTesting
import Foundation
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Shared helpers for the reliability suites: where the checked-in corpus lives, how to read
/// its JSON Lines files, and how to run the built `bridge-run` in a child process (so that a
/// crash on hostile input fails one case instead of killing the test process).
enum Reliability {
    /// The package root (four levels above this file).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Corpus`.
    static let corpus: URL = root.appendingPathComponent("Tests/Corpus")

    /// Reads a JSON Lines file of the corpus: one object per non-empty line.
    static func rows(_ name: String) -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            try? JSONParser().parse(String(line))
        }
    }

    /// Counts the non-empty lines of a corpus file (to prove every line parsed).
    static func lineCount(_ name: String) -> Int {
        guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) else { return 0 }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.isEmpty }.count
    }

    /// Where `swift build` put `bridge-run`: next to the test bundle first, then `.build/debug`.
    static let binDirectory: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
            root.appendingPathComponent(".build/debug"),
        ]
        for dir in candidates where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("bridge-run").path) {
            return dir
        }
        return candidates[2]
    }()

    /// The outcome of a child process.
    struct Run: Sendable, CustomStringConvertible {
        /// The exit status, or the signal number when `crashed`.
        var status: Int32
        /// `true` when the process died of a signal (a crash), not an exit.
        var crashed: Bool
        var stdout: String
        var stderr: String
        var seconds: Double

        /// The stderr lines, split at every LF byte (a CR, U+2028 or U+0085 a page smuggled in
        /// stays inside its line, and `\r\n` is no single character here).
        var errorLines: [Substring.UTF8View] { stderr.utf8.split(separator: 0x0A).map { Substring($0).utf8 } }

        var description: String {
            "\(crashed ? "CRASHED with signal" : "exit") \(status) after \(String(format: "%.2f", seconds)) s\nstdout: \(stdout.suffix(600))\nstderr: \(stderr.suffix(900))"
        }
    }

    /// Runs `bridge-run args…` in the package root (without blocking a cooperative thread, so
    /// the many processes of the corpus suites never starve other tests' tasks).
    static func cli(_ args: [String]) async throws -> Run {
        let o = try await ChildProcess.run(binDirectory.appendingPathComponent("bridge-run"), args, in: root)
        return Run(status: o.status, crashed: o.crashed, stdout: o.stdout, stderr: o.stderr, seconds: o.seconds)
    }

    /// A fresh temporary directory, removed by `remove()`.
    struct TempDir {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("reliability-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        var path: String { url.path }
        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }
}

extension JSONValue {
    /// A JS source literal for this value (JSON is valid JS for strings, numbers, arrays and
    /// objects without `__proto__` keys; use `JSON.parse` for those).
    var jsLiteral: String { jsonString() }
}
