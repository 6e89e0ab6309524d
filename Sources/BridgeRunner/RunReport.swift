import BridgeSupport

/// The result of a run: the process exit code and the error lines printed.
public struct RunReport: Sendable, Equatable {
    /// 0 success · 1 script error or invalid payload · 2 usage or file error · 3 time limit ·
    /// 4 memory limit (docs/cli.md).
    public var exitCode: Int32
    /// The error lines written to stderr.
    public var errors: [String]

    /// Creates a report.
    public init(exitCode: Int32, errors: [String]) {
        self.exitCode = exitCode
        self.errors = errors
    }
}

/// Error lines and the exit status as a run collects them: the worst status wins (a time limit
/// over a script error over success), and each line goes to stderr once.
@MainActor
final class RunLog {
    private let output: any RunOutput
    private let prefix: String
    private(set) var errors: [String] = []
    private(set) var exitCode: Int32 = 0
    /// Lines not printed after the first `maxPrinted` (a page throwing in 300 000 microtasks).
    private(set) var suppressed = 0
    /// At most this many error lines are printed per run; the trace keeps every error.
    static let maxPrinted = 100

    init(output: any RunOutput, prefix: String) {
        self.output = output
        self.prefix = prefix
    }

    /// Writes `line` to stderr and raises the exit status to at least `code`. The line is kept
    /// to one line (a page's text with line breaks is escaped; see `oneLine`).
    func error(_ line: String, code: Int32) {
        raise(code)
        guard errors.count < Self.maxPrinted else {
            if suppressed == 0 {
                output.err("\(prefix): more than \(Self.maxPrinted) errors; the rest are not printed (--trace FILE records every one)")
            }
            suppressed += 1
            return
        }
        let line = line.oneLine(limit: 4 * String.diagnosticLimit)
        output.err("\(prefix): \(line)")
        errors.append(line)
    }

    /// Writes `prefix: warning: line` to stderr without changing the exit status (at most
    /// `maxPrinted` of them).
    func warning(_ line: String) {
        warnings += 1
        guard warnings <= Self.maxPrinted else {
            if warnings == Self.maxPrinted + 1 {
                output.err("\(prefix): warning: more than \(Self.maxPrinted) warnings; the rest are not printed (--trace FILE records every request)")
            }
            return
        }
        output.err("\(prefix): warning: \(line.oneLine(limit: 4 * String.diagnosticLimit))")
    }

    private var warnings = 0

    /// Raises the exit status: 3 (time) and 4 (memory) outrank 2, which outranks 1.
    func raise(_ code: Int32) {
        if Self.rank(code) > Self.rank(exitCode) { exitCode = code }
    }

    private static func rank(_ code: Int32) -> Int {
        switch code {
        case 0: 0
        case 1: 1
        case 2: 2
        default: 3
        }
    }

    var report: RunReport {
        RunReport(exitCode: exitCode, errors: suppressed == 0 ? errors : errors + ["(\(suppressed) more errors not printed)"])
    }
}
