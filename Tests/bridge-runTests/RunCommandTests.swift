import Foundation
import Testing

@testable import BridgeRuntime

/// End-to-end runs of the built `bridge-run` on files in Examples/.
@Suite struct RunCommandTests {
    @Test func helloPageWithMocks() async throws {
        let r = try await CLI.run(["run", "Examples/hello/hello.js", "--mock", "Examples/hello/mock.json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "hello, Ada (level 3)",
            "device: Pixel 8 Android 15",
            "payment refused: DENIED - user cancelled the payment",
            "theme: dark",
        ])
        #expect(r.stderr.isEmpty)
    }

    /// Starting an engine compiles nothing: a short script leaves JavaScriptCore's baseline JIT
    /// idle. The network layer's set-up once called uncurried built-ins in a loop, which made JSC
    /// compile `Function.prototype.call` in every run (its compiler's code: ~0.7 MiB of peak RSS).
    /// A hot loop, the control, does compile (the report works).
    @Test func startUpCompilesNothing() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("startup-jit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "console.log('hello');\n".write(to: dir.appendingPathComponent("hello.js"), atomically: true, encoding: .utf8)
        try "function f(x) { return x + 1; }\nlet s = 0; for (let i = 0; i < 100000; i++) s = f(s);\nconsole.log(s);\n"
            .write(to: dir.appendingPathComponent("hot.js"), atomically: true, encoding: .utf8)
        let report = ["JSC_reportBaselineCompileTimes": "true"]
        let hello = try await CLI.run(["run", dir.appendingPathComponent("hello.js").path], environment: report)
        #expect(hello.status == 0)
        #expect(!hello.stderr.contains("using Baseline"), "compiled at start-up: \(hello.stderr)")
        let example = try await CLI.run(["run", "Examples/hello/hello.js", "--mock", "Examples/hello/mock.json"], environment: report)
        #expect(example.status == 0)
        #expect(!example.stderr.contains("using Baseline"), "compiled at start-up: \(example.stderr)")
        let hot = try await CLI.run(["run", dir.appendingPathComponent("hot.js").path], environment: report)
        #expect(hot.lines == ["100000"])
        #expect(hot.stderr.contains("using Baseline"))
    }

    @Test func traceIsJSONLinesWithIncreasingSeq() async throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let r = try await CLI.run(["run", "Examples/hello/hello.js", "--mock", "Examples/hello/mock.json", "--trace", trace])
        #expect(r.status == 0)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let events = try text.split(separator: "\n").map { try JSONParser().parse(String($0)) }
        #expect(events.map { $0["seq"]?.intValue } == Array(1...events.count).map { Optional($0) })
        let types = events.compactMap { $0["type"]?.stringValue }
        #expect(types.filter { $0 == "call" }.count == 4)
        #expect(types.filter { $0 == "result" }.count == 3)
        #expect(types.filter { $0 == "error" }.count == 1)
        #expect(types.filter { $0 == "console" }.count == 4)
        let firstCall = try #require(events.first { $0["type"] == "call" })
        #expect(firstCall["method"] == "user.get")
        #expect(firstCall["via"] == "message")
        #expect(firstCall["params"] == ["fields": ["name", "level"]])
        let error = try #require(events.first { $0["type"] == "error" })
        #expect(error["error"]?["code"] == "DENIED")
    }

    @Test func traceToStdout() async throws {
        let r = try await CLI.run(["run", "Examples/hello/hello.js", "--mock", "Examples/hello/mock.json", "--trace", "-"])
        #expect(r.status == 0)
        let jsonLines = r.lines.filter { $0.hasPrefix("{\"type\":") }
        #expect(jsonLines.count > 8)
        #expect(jsonLines.count == r.lines.count, "stdout holds only JSON Lines, for jq")
        #expect(r.errorLines.contains("theme: dark"), "console output goes to stderr with --trace -")
    }

    @Test func timerOrderingMatchesNodeWithVirtualTime() async throws {
        let r = try await CLI.run(["run", "Examples/timers/order.js", "--virtual-time"])
        #expect(r.status == 0)
        #expect(r.seconds < 10, "a 30 s virtual timer must not wait")
        #expect(r.lines == [
            "sync 1", "async start", "sync 2", "micro 1", "queueMicrotask", "after await", "micro 2",
            "timeout 0", "micro in timeout 0", "timeout 1", "nested timeout 0", "interval 1",
            "interval 2", "timeout 10", "interval 3", "timeout 30000 (instant with --virtual-time)",
        ])
    }

    @Test func uncaughtExceptionExits1WithLocation() async throws {
        let r = try await CLI.run(["run", "Examples/errors/uncaught.js"])
        #expect(r.status == 1)
        #expect(r.lines == ["before"])
        #expect(r.stderr.contains("Examples/errors/uncaught.js:4: uncaught ReferenceError"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func unhandledRejectionExits1() async throws {
        let r = try await CLI.run(["run", "Examples/errors/rejection.js"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("unhandled promise rejection"))
        #expect(r.stderr.contains("METHOD_NOT_FOUND"))
    }

    @Test func runawayScriptExits3() async throws {
        let r = try await CLI.run(["run", "Examples/errors/runaway.js", "--timeout", "300"])
        #expect(r.status == 3)
        #expect(r.lines == ["spinning"])
        #expect(r.stderr.contains("execution time limit"))
        // JavaScriptCore's limit names the script; on a machine so loaded that its watchdog
        // thread runs late, the process guard ends the run first (limits.md) without it.
        if !r.stderr.contains("kept the engine busy") { #expect(r.stderr.contains("Examples/errors/runaway.js"), "\(r.stderr)") }
    }

    @Test func runThatNeverGoesIdleExits3() async throws {
        let r = try await CLI.run(["run", "Examples/errors/never-idle.js", "--timeout", "300"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("did not finish within 300 ms"))
        #expect(r.stderr.contains("1 timer"))
    }

    @Test func invalidMessageWithoutCallbackExits1() async throws {
        let r = try await CLI.run(["run", "Examples/errors/invalid-message.js"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("params.at"))
        #expect(r.stderr.contains("NaN"))
    }

    @Test(arguments: [
        (["run"], "needs a FILE"),
        (["run", "x.js", "--bogus"], "unknown option '--bogus'"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["run", "x.js", "--timeout", "abc"], "--timeout needs a number of milliseconds (at least 1)"),
        (["run", "x.js", "--timeout", "1e-9"], "--timeout needs a number of milliseconds (at least 1)"),
        (["run", "Examples/does-not-exist.js"], "cannot read Examples/does-not-exist.js"),
        (["run", "Examples/hello/hello.js", "--mock", "Examples/errors/bad-mock.json"], "unknown key \"reslt\""),
    ])
    func usageAndFileErrorsExit2(args: [String], message: String) async throws {
        let r = try await CLI.run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [["--help"], ["run", "--help"], ["help", "run"]])
    func helpExits0(args: [String]) async throws {
        let r = try await CLI.run(args)
        #expect(r.status == 0)
        #expect(r.stdout.contains("usage: bridge-run"))
    }

    @Test func customRunnerLinksItsOwnSelfRegisteredComponent() async throws {
        let r = try await CLI.run(["run", "Examples/CustomRunner/greeter.js"], tool: "example-runner")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "Hello, Ada! 1",
            "Hello, Linus! 2",
            "echo {\"ok\":true}",
            "refused INVALID_MESSAGE params.name is required",
        ])
        // bridge-run itself does not link the greeter component.
        let plain = try await CLI.run(["run", "Examples/CustomRunner/greeter.js"])
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("METHOD_NOT_FOUND"))
    }
}
