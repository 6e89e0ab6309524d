import Foundation

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
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
        /// Standard error's lines (where console output goes when the trace is on stdout).
        var errorLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
    }

    /// Runs `tool args…` in the package root.
    static func run(_ args: [String], tool: String = "bridge-run") throws -> Result {
        let p = Process()
        p.executableURL = binDirectory.appendingPathComponent(tool)
        p.arguments = args
        p.currentDirectoryURL = root
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}
