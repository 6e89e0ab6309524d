import FoundationEssentials
import BridgeRunner
import BridgeSupport

/// One output format of a test run (`--reporter`). The runner calls it in file order whether
/// files ran in this process or in workers: a file's events arrive together, in the order they
/// happened, after the previous file's.
@MainActor
protocol TestReporter: AnyObject {
    /// The run is about to start `files`.
    func begin(files: [String])
    /// A console line of `file` (the running test's, or the file's own).
    func console(_ line: String, file: String)
    /// A remark of the runner about `file` (the rest of it was not run).
    func note(_ line: String, file: String)
    /// A test of `file` finished.
    func result(_ result: TestCaseResult, file: String)
    /// A file finished (its results are all in `file`).
    func fileFinished(_ file: TestFileResult)
    /// The run is over.
    func end(_ summary: TestRunSummary)
}

/// Where a reporter's lines go: standard output (through the run's output, so captured runs
/// see them) or a file written when the run ends.
@MainActor
final class ReportSink {
    private let output: (any RunOutput)?
    /// The file, for a file sink.
    let path: String?
    private var lines: [String] = []

    /// A sink to standard output.
    init(output: any RunOutput) {
        self.output = output
        path = nil
    }

    /// What the file holds, for messages ("JUnit report").
    private var what = "report"

    /// A sink to a file (written by `flush()`).
    init(path: String, what: String) {
        output = nil
        self.path = path
        self.what = what
    }

    /// `true` for standard output.
    var isStandardOutput: Bool { path == nil }

    /// Writes one line.
    func line(_ text: String) {
        if let output { output.out(text) } else { lines.append(text) }
    }

    /// Writes the file of a file sink.
    ///
    /// - Returns: a message when it could not be written.
    func flush() -> String? {
        guard let path else { return nil }
        let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            return "cannot write the \(what) \(path): \(FileErrorText.describe(error))"
        }
        return nil
    }
}

/// The chosen reporters, called together.
@MainActor
final class ReporterSet {
    private(set) var reporters: [any TestReporter] = []
    private(set) var sinks: [ReportSink] = []

    /// Builds the reporters of `choices`, each with its sink.
    ///
    /// - Parameters:
    ///   - choices: the formats and where they go.
    ///   - output: the run's output (standard output and error).
    ///   - style: colour for the human formats on standard output.
    ///   - workers: the number of worker processes (for the summary).
    init(_ choices: [TestOptions.Reporter], output: any RunOutput, style: TerminalStyle, workers: Int) {
        for choice in choices {
            let what = choice.kind == .junit ? "JUnit report" : "\(choice.kind.rawValue) report"
            let sink = choice.path.map { ReportSink(path: $0, what: what) } ?? ReportSink(output: output)
            let lineStyle = sink.isStandardOutput ? style : .plain
            let reporter: any TestReporter
            switch choice.kind {
            case .spec: reporter = SpecReporter(sink: sink, style: lineStyle, dots: false, workers: workers)
            case .dot: reporter = SpecReporter(sink: sink, style: lineStyle, dots: true, workers: workers)
            case .tap: reporter = TAPReporter(sink: sink)
            case .json: reporter = JSONReporter(sink: sink)
            case .junit: reporter = JUnitReporter(sink: sink)
            }
            reporters.append(reporter)
            sinks.append(sink)
        }
    }

    /// `true` when a human format (spec, dot) writes to standard output (the progress line is
    /// then useful).
    var hasHumanStandardOutput: Bool {
        zip(reporters, sinks).contains { $0.0 is SpecReporter && $0.1.isStandardOutput }
    }

    func begin(files: [String]) { for r in reporters { r.begin(files: files) } }
    func console(_ line: String, file: String) { for r in reporters { r.console(line, file: file) } }
    func note(_ line: String, file: String) { for r in reporters { r.note(line, file: file) } }
    func result(_ result: TestCaseResult, file: String) { for r in reporters { r.result(result, file: file) } }
    func fileFinished(_ file: TestFileResult) { for r in reporters { r.fileFinished(file) } }

    /// Ends every reporter and writes the file sinks.
    ///
    /// - Returns: the messages of files that could not be written.
    func end(_ summary: TestRunSummary) -> [String] {
        for r in reporters { r.end(summary) }
        return sinks.compactMap { $0.flush() }
    }
}
