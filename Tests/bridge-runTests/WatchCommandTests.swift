import Foundation
import Testing

/// `bridge-run test --watch` end to end: the first run, a changed page re-runs only the test
/// file that loaded it, an unknown file re-runs all, SIGTERM ends with the last run's status.
@Suite struct WatchCommandTests {
    /// Waits until `file` holds `count` occurrences of `text` (the machine may be loaded).
    func wait(for text: String, count: Int, in file: URL, seconds: Double = 60) async throws -> String {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let now = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if now.components(separatedBy: text).count - 1 >= count { return now }
            try await Task.sleep(for: .milliseconds(100))
        }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// Starts `bridge-run test PATH --watch` in `dir`, its output going to `out` and `err` (made
    /// empty here).
    func startWatching(_ path: String, in dir: URL, out: URL, err: URL) throws -> Process {
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = CLI.binDirectory.appendingPathComponent("bridge-run")
        process.arguments = ["test", path, "--no-config", "--workers", "1", "--watch"]
        process.currentDirectoryURL = dir
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return process
    }

    @Test("--watch: a changed page re-runs the file that loaded it, an unknown file all files; SIGTERM ends with the last status")
    func watch() async throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        let logs = fm.temporaryDirectory.appendingPathComponent("watch-logs-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        try fm.createDirectory(at: logs, withIntermediateDirectories: true)
        defer {
            try? fm.removeItem(at: dir)
            try? fm.removeItem(at: logs)
        }
        func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8) }
        try write("page.html", "<!DOCTYPE html><html><head><title>A</title></head><body></body></html>")
        try write("a.test.js", "test('a', async () => { const p = await loadPage('page.html'); expect(p.document.title).toBe('A'); });")
        try write("b.test.js", "test('b', () => {});")
        let out = logs.appendingPathComponent("out.txt"), err = logs.appendingPathComponent("err.txt")
        let process = try startWatching(".", in: dir, out: out, err: err)
        defer { if process.isRunning { process.terminate() } }

        _ = try await wait(for: "watching for changes", count: 1, in: err)
        #expect(try await wait(for: "2 passed, 0 failed", count: 1, in: out).contains("✓ ./b.test.js > b"))
        // The page changes: only a.test.js runs again (and now fails).
        try write("page.html", "<!DOCTYPE html><html><head><title>Bee</title></head><body></body></html>")
        let second = try await wait(for: "0 passed, 1 failed", count: 1, in: out)
        let secondRun = second.components(separatedBy: "2 passed, 0 failed").last ?? ""
        #expect(secondRun.contains("✗ ./a.test.js > a") && !secondRun.contains("b.test.js > b"), "\(second)")
        #expect(try await wait(for: "watching for changes", count: 2, in: err).contains("bridge-run: page.html changed: re-running 1 test file"))
        // A file no test read: every file runs.
        try write("notes.txt", "hello")
        let third = try await wait(for: "1 passed, 1 failed", count: 1, in: out)
        #expect(third.hasSuffix("1 passed, 1 failed\n"), "\(third)")
        let errors = try await wait(for: "watching for changes", count: 3, in: err)
        #expect(errors.contains("bridge-run: notes.txt changed: re-running all 2 test files"), "\(errors)")
        process.terminate()
        process.waitUntilExit()
        // The last run failed.
        #expect(process.terminationStatus == 1)
        #expect(process.terminationReason == .exit)
    }

    @Test("--watch: a module outside the watched path that broke a test file's load is still watched, and its fix re-runs the file",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/esbuild")))
    func fixOutsideTheTestPath() async throws {
        // A file that did not load recorded only itself as read: the module was dropped from the
        // watch, and its fix was never seen.
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("watch-mod-\(UUID().uuidString)")
        try fm.createDirectory(at: dir.appendingPathComponent("src"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("tests"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8) }
        try write("src/lib.ts", "export const v = 1;\n")
        try write("tests/v.test.ts", "import { v } from '../src/lib';\ntest('v', () => expect(v).toBe(1));\n")
        let out = dir.appendingPathComponent("out.txt"), err = dir.appendingPathComponent("err.txt")
        let process = try startWatching("tests", in: dir, out: out, err: err)
        defer { if process.isRunning { process.terminate() } }
        _ = try await wait(for: "1 passed, 0 failed", count: 1, in: out)
        _ = try await wait(for: "watching for changes", count: 1, in: err)
        try write("src/lib.ts", "export const v = ;\n")
        _ = try await wait(for: "0 passed, 1 failed", count: 1, in: out)
        _ = try await wait(for: "watching for changes", count: 2, in: err)
        try await Task.sleep(for: .milliseconds(500))
        try write("src/lib.ts", "export const v = 1;\n")
        let fixed = try await wait(for: "1 passed, 0 failed", count: 2, in: out, seconds: 20)
        #expect(fixed.components(separatedBy: "1 passed, 0 failed").count - 1 == 2, "\(fixed)")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the last run passed")
    }
}
