import BridgeRunner
/// The outcome of one test (or of loading a test file).
struct TestCaseResult: Sendable, Equatable {
    /// How a test ended.
    enum Status: String, Sendable, Equatable {
        case passed
        case failed
        case skipped
    }

    /// The test's full name, describe blocks joined with `" > "`; empty for a file-level failure
    /// (syntax error, uncaught exception while loading).
    var name: String
    /// How it ended.
    var status: Status
    /// Real milliseconds the test took (hooks included).
    var durationMs: Double
    /// Why it failed.
    var failure: TestFailure?

    /// `true` for the entry standing for a file that failed to load.
    var isFileLevel: Bool { name.isEmpty }
}

/// The results of one test file, in order.
struct TestFileResult: Sendable, Equatable {
    /// The file as displayed (the searched path joined with the path below it).
    var path: String
    /// One entry per test (a single file-level entry when the file failed to load).
    var cases: [TestCaseResult]
    /// Real milliseconds for the whole file.
    var durationMs: Double

    func count(_ status: TestCaseResult.Status) -> Int {
        cases.reduce(0) { $0 + ($1.status == status ? 1 : 0) }
    }
}

/// Everything a test run produced: the per-file results and the exit code.
struct TestRunSummary: Sendable, Equatable {
    /// Results per file, in run order.
    var files: [TestFileResult]
    /// The report returned to the caller.
    var report: RunReport

    var passed: Int { files.reduce(0) { $0 + $1.count(.passed) } }
    var failed: Int { files.reduce(0) { $0 + $1.count(.failed) } }
    var skipped: Int { files.reduce(0) { $0 + $1.count(.skipped) } }

    /// `N passed, N failed` (and `, N skipped` when some were skipped).
    var countsLine: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
