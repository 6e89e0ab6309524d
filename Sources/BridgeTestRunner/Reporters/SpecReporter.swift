import BridgeSupport

/// The human formats: `spec` (one line per test as it finishes, a failure in full under its
/// test) and `dot` (one character per test, failures in full after the dots). Both end with the
/// summary: the list of failures, snapshot counts, files not run, the time, and last the line
/// `N passed, N failed` (`, N skipped`).
@MainActor
final class SpecReporter: TestReporter {
    private let sink: ReportSink
    private let style: TerminalStyle
    private let dots: Bool
    private let workers: Int
    private var dotLine = ""
    private var failures: [(file: String, result: TestCaseResult)] = []

    init(sink: ReportSink, style: TerminalStyle, dots: Bool, workers: Int) {
        self.sink = sink
        self.style = style
        self.dots = dots
        self.workers = workers
    }

    func begin(files: [String]) {}

    func console(_ line: String, file: String) {
        flushDots()
        sink.line(line)
    }

    func note(_ line: String, file: String) {
        flushDots()
        sink.line(line)
    }

    func result(_ result: TestCaseResult, file: String) {
        if result.status == .failed { failures.append((file, result)) }
        guard dots else {
            for line in Self.render(result, file: file, style: style) { sink.line(line) }
            return
        }
        switch result.status {
        case .passed: dotLine += style.green(".")
        case .failed: dotLine += style.red("F")
        case .skipped: dotLine += style.yellow("s")
        }
        if dotLine.count >= 80 { flushDots() }
    }

    func fileFinished(_ file: TestFileResult) {}

    func end(_ summary: TestRunSummary) {
        flushDots()
        if dots, !failures.isEmpty {
            sink.line("")
            for (file, result) in failures {
                for line in Self.render(result, file: file, style: style) { sink.line(line) }
            }
        }
        for line in summaryLines(summary) { sink.line(line) }
    }

    private func flushDots() {
        guard !dotLine.isEmpty else { return }
        sink.line(dotLine)
        dotLine = ""
    }

    /// The summary: failures (file > name and the failure's first line), snapshots, files not
    /// run, the time, then the counts line.
    func summaryLines(_ summary: TestRunSummary) -> [String] {
        var out: [String] = []
        if !failures.isEmpty {
            out += ["", style.bold("Failures (\(failures.count)):")]
            for (file, result) in failures {
                let title = result.isFileLevel ? "\(file) (did not load)" : "\(file) > \(result.name)"
                let first = result.failure?.message ?? "failed"
                out.append("  " + style.red("✗") + " " + "\(title): \(first)".oneLine())
            }
        }
        let snaps = summary.snapshots
        if !snaps.isEmpty {
            var parts: [String] = []
            if snaps.matched > 0 { parts.append("\(snaps.matched) passed") }
            if snaps.unmatched > 0 { parts.append(style.red("\(snaps.unmatched) failed")) }
            if snaps.written > 0 { parts.append("\(snaps.written) written") }
            if snaps.updated > 0 { parts.append("\(snaps.updated) updated") }
            if snaps.removed > 0 { parts.append("\(snaps.removed) removed") }
            if snaps.obsolete > 0 { parts.append(style.yellow("\(snaps.obsolete) obsolete") + " (bridge-run test -u removes them)") }
            out += ["", "Snapshots: " + parts.joined(separator: ", ")]
        }
        if !summary.notRun.isEmpty {
            let n = summary.notRun.count
            out += ["", "--bail: \(n) file\(n == 1 ? "" : "s") not run after the first failing file"]
        }
        let files = summary.files.count
        let failedFiles = summary.files.filter(\.failed).count
        var time = "Time: \(Self.seconds(summary.durationMs)), \(files) file\(files == 1 ? "" : "s")"
        if failedFiles > 0 { time += " (\(failedFiles) failed)" }
        if workers > 1 { time += ", \(workers) workers" }
        out += ["", style.dim(time)]
        var counts = style.green("\(summary.passed) passed") + ", "
        counts += summary.failed > 0 ? style.red("\(summary.failed) failed") : "\(summary.failed) failed"
        if summary.skipped > 0 { counts += ", " + style.yellow("\(summary.skipped) skipped") }
        out.append(counts)
        return out
    }

    /// `1.234 s` or `87 ms`.
    static func seconds(_ ms: Double) -> String {
        ms < 1000 ? "\(Int(ms.rounded())) ms" : JUnitReport.seconds(ms) + " s"
    }

    /// The printed lines of one result: `✓ file > name (ms)`, `○ file > name (skipped)`, or
    /// `✗ file > name` followed by the failure indented by four spaces.
    static func render(_ result: TestCaseResult, file: String, style: TerminalStyle = .plain) -> [String] {
        // A test's name is one line whatever it holds; a failure's text is indented line by line,
        // so neither can print a line that looks like a result or the summary.
        let title = (result.isFileLevel ? file : "\(file) > \(result.name)").oneLine()
        switch result.status {
        case .passed:
            return [style.green("✓") + " \(title) " + style.dim("(\(Int(result.durationMs.rounded())) ms)")]
        case .skipped:
            return [style.yellow("○") + " \(title) " + style.dim("(skipped)")]
        case .failed:
            let body = (result.failure?.lines ?? ["failed"]).flatMap { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
            return [style.red("✗ \(title)")] + body.map { $0.isEmpty ? "" : "    " + String($0).oneLine() } + [""]
        }
    }
}
