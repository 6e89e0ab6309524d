import Foundation
import Testing
import BridgeRuntimeTesting

/// esbuild runs as a child process: when the process guard ends a run, the child must not live
/// on (one blocked reading a FIFO used to outlive `bridge-run` for good).
@Suite("esbuild children when a run is ended")
struct BundlerChildTests {
    @Test("esbuild blocked on a FIFO import is killed with the run, which ends within 1.5 s of its limit")
    func blockedEsbuildDoesNotOutliveTheRun() async throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let fifo = dir.url.appendingPathComponent("blocked.js").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let entry = try dir.write("entry.mjs", "import './blocked.js';\nconsole.log('never');\n")
        let run = try await Reliability.cli(["run", entry, "--timeout", "2000"])
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("run did not finish within 2000 ms"), "\(run)")
        #expect(run.seconds < 5, "\(run)")
        // No process is left whose command line names the entry (esbuild's first argument).
        try await Task.sleep(for: .milliseconds(200))
        #expect(Self.processes(naming: entry).isEmpty, "esbuild outlived the run: \(Self.processes(naming: entry))")
    }

    /// Pids whose command line contains `text`.
    static func processes(naming text: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { $0.allSatisfy(\.isNumber) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text)
        }
    }
}
