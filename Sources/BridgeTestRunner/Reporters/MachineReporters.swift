import BridgeSupport
import BridgeValues

/// TAP version 13: `ok N - file > name`, `not ok N - …` with a YAML block (message, type, at,
/// details), `# SKIP` for skipped tests, console lines as `# ` comments, the plan `1..N` last.
@MainActor
final class TAPReporter: TestReporter {
    private let sink: ReportSink
    private var number = 0

    init(sink: ReportSink) {
        self.sink = sink
    }

    func begin(files: [String]) { sink.line("TAP version 13") }
    func console(_ line: String, file: String) { sink.line("# " + line.oneLine()) }
    func note(_ line: String, file: String) { sink.line("# " + line.trimmingLeadingSpaces().oneLine()) }

    func result(_ result: TestCaseResult, file: String) {
        number += 1
        let title = (result.isFileLevel ? "\(file) (load)" : "\(file) > \(result.name)").oneLine().replacing("#", with: "\\#")
        switch result.status {
        case .passed:
            sink.line("ok \(number) - \(title)")
        case .skipped:
            sink.line("ok \(number) - \(title) # SKIP")
        case .failed:
            sink.line("not ok \(number) - \(title)")
            let failure = result.failure ?? TestFailure(message: "failed", details: [], location: nil)
            sink.line("  ---")
            sink.line("  message: \(Self.quoted(failure.message))")
            sink.line("  type: \(Self.quoted(failure.type))")
            if let location = failure.location { sink.line("  at: \(Self.quoted(location))") }
            let details = failure.details.drop { $0.isEmpty }
            if !details.isEmpty {
                sink.line("  details: |-")
                for line in details { sink.line("    " + line.oneLine()) }
            }
            sink.line("  ...")
        }
    }

    func fileFinished(_ file: TestFileResult) {}

    func end(_ summary: TestRunSummary) {
        for file in summary.notRun { sink.line("# not run (--bail): \(file)") }
        sink.line("1..\(number)")
        sink.line("# pass \(summary.passed)")
        sink.line("# fail \(summary.failed)")
        if summary.skipped > 0 { sink.line("# skip \(summary.skipped)") }
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ s: String) -> String {
        JSONValue.string(s.oneLine()).jsonString()
    }
}

/// One JSON document in the shape of Jest's `--json` output: totals, `success`, and per file
/// `testResults[].assertionResults[]` with `fullName`, `title`, `ancestorTitles`, `status`
/// (`passed`, `failed`, `pending`), `duration`, `failureMessages`, `location` and the
/// test's `console` lines.
@MainActor
final class JSONReporter: TestReporter {
    private let sink: ReportSink
    private var start = 0.0

    init(sink: ReportSink) {
        self.sink = sink
    }

    func begin(files: [String]) { start = TestClock.realWallMilliseconds() }
    func console(_ line: String, file: String) {}
    func note(_ line: String, file: String) {}
    func result(_ result: TestCaseResult, file: String) {}
    func fileFinished(_ file: TestFileResult) {}

    func end(_ summary: TestRunSummary) {
        sink.line(Self.document(summary, start: start).jsonString())
    }

    static func document(_ summary: TestRunSummary, start: Double) -> JSONValue {
        func number(_ n: Int) -> JSONValue { .number(Double(n)) }
        let files: [JSONValue] = summary.files.map { file in
            let assertions: [JSONValue] = file.cases.map { test in
                let status = test.status == .skipped ? "pending" : test.status.rawValue
                var o: [String: JSONValue] = [
                    "fullName": .string(test.isFileLevel ? file.path : test.name),
                    "title": .string(test.titles.last ?? test.name),
                    "ancestorTitles": .array(test.titles.dropLast().map(JSONValue.string)),
                    "status": .string(status),
                    "duration": .number(test.durationMs.rounded()),
                    "failureMessages": .array(test.failure.map { [.string($0.lines.joined(separator: "\n"))] } ?? []),
                    "console": .array(test.output.map(JSONValue.string)),
                ]
                if let line = test.line { o["location"] = ["line": .number(Double(line))] }
                if let type = test.failure?.type { o["failureType"] = .string(type) }
                return .object(JSONObject(o))
            }
            let message = file.cases.compactMap { $0.failure.map { "\($0.message)" } }.joined(separator: "\n")
            return .object(
                JSONObject([
                    "name": .string(file.path),
                    "status": .string(file.failed ? "failed" : "passed"),
                    "startTime": .number(file.startedAt.rounded()),
                    "endTime": .number((file.startedAt + file.durationMs).rounded()),
                    "message": .string(message),
                    "console": .array(file.output.map(JSONValue.string)),
                    "assertionResults": .array(assertions),
                ]))
        }
        let snaps = summary.snapshots
        return .object(
            JSONObject([
                "numTotalTests": number(summary.passed + summary.failed + summary.skipped),
                "numPassedTests": number(summary.passed),
                "numFailedTests": number(summary.failed),
                "numPendingTests": number(summary.skipped),
                "numTotalTestSuites": number(summary.files.count + summary.notRun.count),
                "numPassedTestSuites": number(summary.files.filter { !$0.failed }.count),
                "numFailedTestSuites": number(summary.files.filter(\.failed).count),
                "numNotRunTestSuites": number(summary.notRun.count),
                "success": .bool(summary.failed == 0),
                "startTime": .number(start.rounded()),
                "duration": .number(summary.durationMs.rounded()),
                "snapshot": [
                    "matched": number(snaps.matched), "unmatched": number(snaps.unmatched), "added": number(snaps.written),
                    "updated": number(snaps.updated), "unchecked": number(snaps.obsolete), "removed": number(snaps.removed),
                ],
                "testResults": .array(files),
            ]))
    }
}

/// JUnit XML (`JUnitReport`), written when the run ends.
@MainActor
final class JUnitReporter: TestReporter {
    private let sink: ReportSink

    init(sink: ReportSink) {
        self.sink = sink
    }

    func begin(files: [String]) {}
    func console(_ line: String, file: String) {}
    func note(_ line: String, file: String) {}
    func result(_ result: TestCaseResult, file: String) {}
    func fileFinished(_ file: TestFileResult) {}

    func end(_ summary: TestRunSummary) {
        let xml = JUnitReport.xml(summary.files)
        for line in xml.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { sink.line(String(line)) }
    }
}

extension String {
    /// The text without leading spaces.
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}
