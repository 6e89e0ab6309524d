import Foundation
import BridgeRuntimeTesting

/// Runs the built executables of this package and captures their output.
enum CLI {
    /// The package root (three levels above this file).
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where `swift build` put the executables.
    static let binDirectory: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            root.appendingPathComponent(".build/debug"),
        ]
        for dir in candidates where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("bridge-run").path) {
            return dir
        }
        return candidates[1]
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The child's own wall time (not the wait for a free process slot).
        var seconds: Double = 0
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
        /// Standard error's lines (where console output goes when the trace is on stdout).
        var errorLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
    }

    /// Runs `tool args…` in the package root, or in `directory` (without blocking a cooperative
    /// thread), with `environment` added to this process's.
    static func run(_ args: [String], tool: String = "bridge-run", in directory: URL? = nil, environment: [String: String] = [:]) async throws -> Result {
        let o = try await ChildProcess.run(binDirectory.appendingPathComponent(tool), args, in: directory ?? root, environment: environment)
        return Result(status: o.status, stdout: o.stdout, stderr: o.stderr, seconds: o.seconds)
    }

    /// A fresh temporary directory holding `files` (name → text); returns its path.
    static func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir.path
    }

    /// One file with `text` in a fresh temporary directory; returns its path.
    static func file(_ name: String, _ text: String) throws -> String {
        try folder([name: text]) + "/" + name
    }
}
