/// Options of `bridge-run test`: which files, the fixtures and reports, and how tests are timed.
public struct TestOptions: Sendable, Equatable {
    /// One slice of a suite for a CI matrix (`--shard I/N`).
    ///
    /// Files are sorted by path; the file at 0-based position `k` of that list belongs to shard
    /// `k % count + 1`. Every file is in exactly one shard and shard sizes differ by at most one.
    /// The split is stable for a given set of files (adding a file can move later files to
    /// another shard, which is harmless: every shard of one commit sees the same list).
    public struct Shard: Sendable, Equatable, CustomStringConvertible {
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
    /// Most resident memory the run may use, in MiB (`--memory-limit MB`; `nil` = 2048).
    public var memoryLimit: Int?

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
    }
}
