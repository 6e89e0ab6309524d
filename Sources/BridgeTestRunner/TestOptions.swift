public import ScriptEngine

/// Options of `bridge-run test`: which files, the fixtures and reports, and how tests are timed.
public struct TestOptions: Sendable, Equatable, Codable {
    /// One slice of a suite for a CI matrix (`--shard I/N`).
    ///
    /// Files are sorted by path; the file at 0-based position `k` of that list belongs to shard
    /// `k % count + 1`. Every file is in exactly one shard and shard sizes differ by at most one.
    /// The split is stable for a given set of files (adding a file can move later files to
    /// another shard, which is harmless: every shard of one commit sees the same list).
    public struct Shard: Sendable, Equatable, Codable, CustomStringConvertible {
        /// 1-based shard number, `1...count`.
        public var index: Int
        /// Number of shards, at least 1.
        public var count: Int

        /// Creates a shard; `nil` unless `1 <= index <= count`.
        public init?(index: Int, count: Int) {
            guard count >= 1, index >= 1, index <= count else { return nil }
            self.index = index
            self.count = count
        }

        /// Parses `I/N` (e.g. `"2/4"`); `nil` when malformed or out of range.
        public init?(parsing text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
            self.init(index: i, count: n)
        }

        /// `I/N`.
        public var description: String { "\(index)/\(count)" }

        /// `true` when the file at 0-based `position` of the sorted list is in this shard.
        public func contains(position: Int) -> Bool {
            position % count == index - 1
        }
    }

    /// One output format of the results (`--reporter NAME[=FILE]`).
    public struct Reporter: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The formats.
        public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
            /// One line per test as it finishes, failures in full, then the summary (the default).
            case spec
            /// One character per test (`.` passed, `F` failed, `s` skipped), failures, the summary.
            case dot
            /// TAP version 13.
            case tap
            /// One JSON document in the shape of Jest's `--json`.
            case json
            /// JUnit XML.
            case junit
        }

        /// The format.
        public var kind: Kind
        /// The file to write; `nil` = standard output.
        public var path: String?

        /// Creates a reporter choice.
        public init(_ kind: Kind, path: String? = nil) {
            self.kind = kind
            self.path = path
        }

        /// Parses `NAME` or `NAME=FILE` (`nil` for an unknown name or an empty file).
        public init?(parsing text: String) {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let kind = Kind(rawValue: String(parts[0])) else { return nil }
            if parts.count == 2 {
                guard !parts[1].isEmpty else { return nil }
                self.init(kind, path: parts[1] == "-" ? nil : String(parts[1]))
            } else {
                self.init(kind)
            }
        }

        /// `NAME` or `NAME=FILE`.
        public var description: String { path.map { "\(kind.rawValue)=\($0)" } ?? kind.rawValue }
    }

    /// Files (`*.test.js`) and directories to search recursively.
    public var paths: [String]
    /// A directory of XML protocol schemas to validate calls against (`--schemas`).
    public var schemasDir: String?
    /// A mock fixture file whose answers apply to every test (`--mock`); `mock()` in a test wins.
    public var mockPath: String?
    /// HTTP and WebSocket fixtures for every test file (`--http-mock`; a `"$http"` list in the
    /// `--mock` file counts too).
    public var httpMockPath: String?
    /// Where to write a JUnit XML report (`--junit`).
    public var junitPath: String?
    /// Run only this slice of the files (`--shard I/N`); `nil` = all files.
    public var shard: Shard?
    /// Milliseconds each test (and each hook) may take before it fails (`--timeout`, default
    /// 5000). Also the execution time limit of one uninterrupted stretch of JS, which stops
    /// `while (true) {}`.
    public var perTestTimeout: Duration
    /// Fire timers in order without waiting (`--virtual-time`); timeouts then pass in virtual
    /// time too.
    public var virtualTime: Bool
    /// A capability file (`--capabilities`); test files are `file:` pages.
    public var capabilitiesPath: String?
    /// Most resident memory the run may use, in MiB (`--memory-limit MB`; `nil` = 2048). With
    /// workers, the limit of each worker process.
    public var memoryLimit: Int?
    /// Only tests whose full name (`describe > test`) matches this JavaScript regular expression
    /// run; the others are skipped (`-t`, `--test-name-pattern`).
    public var testNamePattern: String?
    /// Stop after this many files with a failure (`--bail` = 1); the rest is reported as not
    /// run. `nil` = run everything.
    public var bail: Int?
    /// Test files run in parallel in this many worker processes (`--workers N`); 1 runs them
    /// in this process. Workers need `workerExecutable`.
    public var workers: Int
    /// The program that runs `test --worker` (the CLI: itself); `nil` = always in this process.
    public var workerExecutable: String?
    /// The output formats; empty = `spec` on standard output (`--junit FILE` adds JUnit).
    public var reporters: [Reporter]
    /// Rewrite snapshots that do not match and remove obsolete ones (`-u`, `--update-snapshots`).
    public var updateSnapshots: Bool
    /// CI mode (`--ci`, or the `CI` environment variable): a missing snapshot fails the test
    /// instead of being written.
    public var ci: Bool
    /// Colour on standard output: `nil` = when it is a terminal and `NO_COLOR` is not set.
    public var color: Bool?
    /// Patterns (globs relative to `rootDirectory`, `**` for any folders) that name test files
    /// when a directory is searched (from `bridge.config.json`'s `test.testMatch`); `nil` =
    /// `**/*.test.js`.
    public var testMatch: [String]?
    /// The directory `testMatch` patterns are relative to (the config file's folder).
    public var rootDirectory: String?
    /// Print the action coverage after the summary (`--coverage`): per schema action, how often
    /// the suite called it and with which outcomes, and the actions never called.
    public var coverage = false
    /// Write the action coverage as JSON to this file (`--coverage-json FILE`).
    public var coverageJSONPath: String?
    /// Fail the run (exit 1) when fewer than this percentage of the schemas' actions were
    /// called (`--coverage-min N`, 0...100; needs schemas).
    public var coverageMin: Double?
    /// Keep running: after the run, watch the files and re-run the affected test files on each
    /// change (`--watch`; `TestWatcher`).
    public var watch = false
    /// Whether hot code is optimized (`--jit`, default `short-lived`: no optimizing tiers, since
    /// every test file and page is a fresh global whose optimized code is thrown away with it;
    /// see `JITTiering`).
    public var jitTiering: JITTiering = .shortLived
    /// The process exits when the run is over (`bridge-run`): the run's VM is kept instead of
    /// torn down (`ScriptVM.keepUntilExit()`); ignored with `watch`. Default `false`.
    public var processExitsAfterRun = false
    /// This process is a worker of a parent `bridge-run test` (hidden `--worker`): it reads file
    /// names on stdin and writes results as JSON Lines on stdout.
    package var isWorker = false

    /// Creates options.
    public init(
        paths: [String],
        schemasDir: String? = nil,
        mockPath: String? = nil,
        junitPath: String? = nil,
        shard: Shard? = nil,
        perTestTimeout: Duration = .seconds(5),
        virtualTime: Bool = false
    ) {
        self.paths = paths
        self.schemasDir = schemasDir
        self.mockPath = mockPath
        self.junitPath = junitPath
        self.shard = shard
        self.perTestTimeout = perTestTimeout
        self.virtualTime = virtualTime
        self.workers = 1
        self.reporters = []
        self.updateSnapshots = false
        self.ci = false
    }

    /// `true` when the run counts calls (any coverage option; workers then send their counts).
    var collectsCoverage: Bool { coverage || coverageJSONPath != nil || coverageMin != nil }

    /// The reporters this run uses: the chosen ones, or `spec` on stdout; `--junit FILE` adds
    /// a JUnit reporter.
    var effectiveReporters: [Reporter] {
        var out = reporters.isEmpty ? [Reporter(.spec)] : reporters
        if let junitPath, !out.contains(Reporter(.junit, path: junitPath)) { out.append(Reporter(.junit, path: junitPath)) }
        return out
    }
}
