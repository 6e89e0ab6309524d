/// Options of `bridge-run run`.
public struct RunOptions: Sendable, Equatable {
    /// The `.js` file to run.
    public var file: String
    /// A mock fixture file (`--mock`).
    public var mockPath: String?
    /// Where to write the JSONL trace (`--trace FILE`, `-` for stdout).
    public var tracePath: String?
    /// Milliseconds the whole run may take, and any one script or callback (`--timeout`,
    /// default 30 000).
    public var timeout: Double = 30_000
    /// Fire timers without waiting (`--virtual-time`).
    public var virtualTime: Bool = false

    /// Creates options for `file`.
    public init(file: String) {
        self.file = file
    }
}
