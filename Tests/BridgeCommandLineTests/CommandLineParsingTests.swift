import Testing

@testable import BridgeCommandLine
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeValues
import ScriptEngine
import FoundationEssentials

@MainActor
@Suite struct CommandLineParsingTests {
    @Test func parsesRunOptions() throws {
        let command = try BridgeCommandLine.parse(["run", "page.js", "--mock", "m.json", "--trace", "-", "--timeout", "500", "--virtual-time"])
        var expected = RunOptions(file: "page.js")
        expected.mockPath = "m.json"
        expected.tracePath = "-"
        expected.timeout = .milliseconds(500)
        expected.virtualTime = true
        #expect(command == .run(expected))
    }

    @Test func defaultsMatchTheDesign() throws {
        guard case .run(let options) = try BridgeCommandLine.parse(["run", "a.js"]) else {
            Issue.record("expected a run command")
            return
        }
        #expect(options.timeout == .seconds(30))
        #expect(options.virtualTime == false)
        #expect(options.mockPath == nil)
        #expect(options.jitTiering == .standard)
        guard case .run(let tuned) = try BridgeCommandLine.parse(["run", "a.js", "--jit", "short-lived"]) else {
            Issue.record("expected a run command")
            return
        }
        #expect(tuned.jitTiering == .shortLived)
    }

    @Test(arguments: [
        ["run"], ["run", "a.js", "b.js"], ["run", "a.js", "--timeout"], ["run", "a.js", "--timeout", "-5"], ["run", "a.js", "--jit", "fast"], ["run", "a.js", "--jit"], ["lint-everything"],
    ])
    func refusesBadArguments(args: [String]) {
        #expect(throws: BridgeCommandLine.UsageError.self) { try BridgeCommandLine.parse(args) }
    }

    @Test func mainReturnsExitCodesAndCapturesOutput() async {
        let out = CapturedRunOutput()
        let code = await BridgeCommandLine.main(arguments: ["run", "--nope"], output: out)
        #expect(code == 2)
        #expect(out.stderr == ["bridge-run: unknown option '--nope' for run (see bridge-run run --help)"])
    }

    /// `bridge-run` exits straight after `main`: its run's VM is kept rather than torn down
    /// (its heap finalized); a caller that goes on (these tests) gets it released.
    @Test func onlyAnExitingProcessKeepsTheRunsVM() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("keep-vm-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("a.js").path
        try Data("console.log('ran')".utf8).write(to: URL(fileURLWithPath: script))
        let before = ScriptVM.keptUntilExitCount
        let out = CapturedRunOutput()
        #expect(await BridgeCommandLine.main(arguments: ["run", script], output: out) == 0)
        #expect(ScriptVM.keptUntilExitCount == before)
        #expect(await BridgeCommandLine.main(arguments: ["run", script], output: out, processExitsAfter: true) == 0)
        #expect(ScriptVM.keptUntilExitCount == before + 1)
        #expect(out.stdout == ["ran", "ran"])
    }
}
