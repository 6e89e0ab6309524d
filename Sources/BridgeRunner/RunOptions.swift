public import ScriptEngine

/// Options of `bridge-run run`.
public struct RunOptions: Sendable, Equatable {
    /// The `.js`, module (`.mjs`, `.ts`, …) or `.html` file to run, or an http(s) page URL served by `offlineDir`.
    public var file: String
    /// A mock fixture file (`--mock`).
    public var mockPath: String?
    /// HTTP and WebSocket fixtures (`--http-mock`; a `"$http"` list in the `--mock` file counts
    /// too, after these).
    public var httpMockPath: String?
    /// Where to write the JSONL trace (`--trace FILE`, `-` for stdout).
    public var tracePath: String?
    /// How long the whole run may take, and any one script or callback (`--timeout MS`,
    /// default 30 s).
    public var timeout: Duration = .seconds(30)
    /// How long any one script, timer callback or delivery may run before it is stopped
    /// (`--script-timeout MS`; `nil` = the same as `timeout`).
    public var scriptTimeout: Duration?
    /// Most resident memory the run may use, in MiB (`--memory-limit MB`; `nil` = 2048). Past
    /// it the run ends with exit status 4.
    public var memoryLimit: Int?
    /// How long an `.html` page must stay quiet (only intervals pending) to be done
    /// (`--settle MS`, engine clock, default 300 ms).
    public var settle: Duration = .milliseconds(300)
    /// A JS expression that ends the run of an `.html` page once it is truthy, instead of the
    /// page being quiet (`--wait-for EXPR`, checked after every turn of the loop).
    public var waitFor: String?
    /// Fire timers without waiting (`--virtual-time`).
    public var virtualTime: Bool = false
    /// An offline resource package root (`--offline`).
    public var offlineDir: String?
    /// The legacy URL protocol's scheme (`--url-scheme`, default `hybrid`).
    public var urlScheme: String = "hybrid"
    /// An AB route table for the router component (`--routes`).
    public var routesPath: String?
    /// A schema directory: validate every call (`--schemas`).
    public var schemasDir: String?
    /// Refuse calls to actions without a schema (`--strict-schemas`).
    public var strictSchemas: Bool = false
    /// Check handler and mock results against `<result>` (`--validate-results`).
    public var validateResults: Bool = false
    /// A capability file (`--capabilities`).
    public var capabilitiesPath: String?
    /// An import map for a module file (`--import-map`): `{"imports": {name: path}}`, paths
    /// relative to the map's file.
    public var importMapPath: String?

    /// Whether hot code is optimized (`--jit`, default `standard`; see `JITTiering`). Not
    /// `shortLived` for pages by default: a jQuery page ran as fast without the optimizing tiers
    /// (and used 6 MiB less), but a page of 10 000 elements took 15 % longer and one of 100 000
    /// took 60 % longer (domino's parser is a long-running loop).
    public var jitTiering: JITTiering = .standard

    /// The process exits when the run is over (`bridge-run`): the run's VM is kept instead of
    /// torn down (`ScriptVM.keepUntilExit()`). Default `false`: a runner that goes on after
    /// the run gets its memory back.
    public var processExitsAfterRun: Bool = false

    /// Creates options for `file`.
    public init(file: String) {
        self.file = file
    }
}
