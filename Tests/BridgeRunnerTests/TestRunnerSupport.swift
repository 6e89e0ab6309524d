import BridgeRuntimeTesting
import Foundation
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// Helpers for the test-runner suites: a temporary directory of test files and a captured run.

/// A temporary directory, removed when the value is dropped.
final class TestDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "bridge-test-runner-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `relative` (creating folders) and returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }
}

/// A finished run: the summary and everything printed.
struct CapturedTestRun {
    var summary: TestRunSummary
    var stdout: [String]
    var stderr: [String]

    var exitCode: Int32 { summary.report.exitCode }
    var text: String { stdout.joined(separator: "\n") }
    var cases: [TestCaseResult] { summary.files.flatMap(\.cases) }

    /// The result of the test whose full name is `name`.
    func result(_ name: String) -> TestCaseResult? { cases.first { $0.name == name } }
}

/// Runs `options` with captured output.
@MainActor
func captureTestRun(_ options: TestOptions) async -> CapturedTestRun {
    let output = CapturedRunOutput()
    let summary = await TestRunner.execute(options, output: output)
    return CapturedTestRun(summary: summary, stdout: output.stdout, stderr: output.stderr)
}

/// Writes one test file with `source` and runs it (virtual time unless told otherwise).
@MainActor
func runTestSource(_ source: String, name: String = "sample.test.js", timeout: Duration = .seconds(2), virtualTime: Bool = true, mock: String? = nil) async throws
    -> CapturedTestRun
{
    let dir = try TestDirectory()
    let file = try dir.write(name, source)
    var mockPath: String?
    if let mock { mockPath = try dir.write("mock.json", mock) }
    return await captureTestRun(TestOptions(paths: [file], mockPath: mockPath, perTestTimeout: timeout, virtualTime: virtualTime))
}

/// The repository root (for the suites over `Examples/tests`).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
