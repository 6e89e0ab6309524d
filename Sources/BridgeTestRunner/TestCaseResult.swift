import BridgeRunner
/// The outcome of one test (or of loading a test file).
struct TestCaseResult: Sendable, Equatable, Codable {
    /// How a test ended.
    enum Status: String, Sendable, Equatable, Codable {
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
    /// The describe names and the test's own name (`name` is them joined with `" > "`).
    var titles: [String] = []
    /// The line of the test file where `test()` was called.
    var line: Int?
    /// The console lines the test printed (its hooks included).
    var output: [String] = []

    /// `true` for the entry standing for a file that failed to load.
    var isFileLevel: Bool { name.isEmpty }
}

/// What one file did to its snapshot file (`__snapshots__/<file>.snap`).
struct SnapshotCounts: Sendable, Equatable, Codable {
    /// Snapshots that matched.
    var matched = 0
    /// Snapshots that did not match (and were not updated).
    var unmatched = 0
    /// New snapshots written.
    var written = 0
    /// Snapshots rewritten by `--update-snapshots`.
    var updated = 0
    /// Snapshots in the file no test checked (removed with `--update-snapshots`).
    var obsolete = 0
    /// Obsolete snapshots removed.
    var removed = 0

    var isEmpty: Bool { self == SnapshotCounts() }

    static func + (a: Self, b: Self) -> Self {
        SnapshotCounts(
            matched: a.matched + b.matched, unmatched: a.unmatched + b.unmatched, written: a.written + b.written,
            updated: a.updated + b.updated, obsolete: a.obsolete + b.obsolete, removed: a.removed + b.removed)
    }
}

/// The results of one test file, in order.
struct TestFileResult: Sendable, Equatable, Codable {
    /// The file as displayed (the searched path joined with the path below it).
    var path: String
    /// One entry per test (a single file-level entry when the file failed to load).
    var cases: [TestCaseResult]
    /// Real milliseconds for the whole file.
    var durationMs: Double
    /// When the file started, in milliseconds since 1970 (JUnit's `timestamp`).
    var startedAt: Double = 0
    /// Console lines printed outside any test (while the file loaded, in `beforeAll`/`afterAll`).
    var output: [String] = []
    /// Snapshot counts.
    var snapshots = SnapshotCounts()
    /// The calls the file and its pages made (`nil` unless the run collects coverage).
    var coverage: ActionCoverage?
    /// The files the test file read: itself, the modules it imports, the pages its tests load
    /// and their modules, as absolute paths (`nil` unless the run watches, `--watch`).
    var dependencies: [String]?

    func count(_ status: TestCaseResult.Status) -> Int {
        cases.reduce(0) { $0 + ($1.status == status ? 1 : 0) }
    }

    /// `true` when a test failed or the file did not load.
    var failed: Bool { cases.contains { $0.status == .failed } }
}

/// Everything a test run produced: the per-file results and the exit code.
struct TestRunSummary: Sendable, Equatable {
    /// Results per file, in run order.
    var files: [TestFileResult]
    /// The report returned to the caller.
    var report: RunReport
    /// Files not run because of `--bail`.
    var notRun: [String] = []
    /// Wall milliseconds of the whole run.
    var durationMs: Double = 0

    var passed: Int { files.reduce(0) { $0 + $1.count(.passed) } }
    var failed: Int { files.reduce(0) { $0 + $1.count(.failed) } }
    var skipped: Int { files.reduce(0) { $0 + $1.count(.skipped) } }
    var snapshots: SnapshotCounts { files.reduce(SnapshotCounts()) { $0 + $1.snapshots } }

    /// `N passed, N failed` (and `, N skipped` when some were skipped).
    var countsLine: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
