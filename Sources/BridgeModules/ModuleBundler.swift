import FoundationEssentials

/// Turns a module graph (ES modules, TypeScript, JSX) into one classic script plus a source
/// map, through Debian's `esbuild` run as a child process: JavaScriptCore's C API has no
/// module loader, so a `<script type="module">`, an `.mjs`/`.ts` run or a test file with
/// `import`s is evaluated as the bundle.
///
/// The bundle is a strict-mode IIFE for the browser platform (`--target`, default `es2022`), with
/// `process.env.NODE_ENV` defined (default `"production"`, so React's and Vue's ES builds pick
/// their production code), the import map applied as esbuild aliases, and an external source
/// map with `sourcesContent`. Bundles are cached in the process by their inputs (see
/// `BundleCache`). How a page loader uses it: docs/modules.md.
///
/// - Note: `bundle` blocks the calling thread while esbuild runs (about 5 ms for a small graph,
///   50 ms for 2 MB of output); any thread may call it.
public struct ModuleBundler: Sendable {
    /// What every bundle is built with.
    public struct Options: Sendable, Hashable {
        /// esbuild's `--target` (JavaScriptCore of WebKitGTK 2.38+ runs ES2022 syntax).
        public var target: String = "es2022"
        /// esbuild's `--define`s: name → JavaScript expression text.
        public var define: [String: String] = ["process.env.NODE_ENV": "\"production\""]
        /// How long esbuild may run before it is killed.
        public var timeLimit: Duration = .seconds(30)
        /// How much memory esbuild may allocate (bytes, `RLIMIT_DATA`): an import of `/dev/zero`
        /// or of a huge file must not take the machine's memory. Real bundles need far less
        /// (a React app: under 100 MiB).
        public var memoryLimit: Int = 2 << 30
        /// esbuild's `--loader:EXT=LOADER`s beyond its own (`.js`, `.ts`, `.json`, `.css`, …):
        /// imported images and fonts become `data:` URLs, as a bundler's asset URL would be.
        public var loaders: [String: String] = Dictionary(
            uniqueKeysWithValues: [".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".svg", ".ico", ".woff", ".woff2", ".ttf", ".otf"].map { ($0, "dataurl") })

        /// A directory every file of the bundle must lie in, symbolic links resolved (`nil` = any
        /// file esbuild can read). A page served by an offline package gets the package's root:
        /// an import of anything else fails without the file's text reaching the page or the
        /// error line.
        public var confinedTo: String?

        /// The defaults.
        public init() {}
    }

    /// The options.
    public var options: Options
    /// The esbuild executable; `nil` = `$BRIDGE_ESBUILD`, else `esbuild` on the search path.
    public var esbuildPath: String?
    /// Where to look for `esbuild` (`nil` = `$PATH`).
    public var searchPath: String?
    /// Turns an `http(s)` URL of the import map into a local file (an offline package).
    public var resolveURL: (@Sendable (String) -> String?)?
    /// How errors and stacks name a file, from its absolute path (default: relative to the
    /// working directory when below it, else absolute). The entry keeps its own name.
    public var displayName: (@Sendable (String) -> String)?

    /// A bundler with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Bundles `entry` into one script.
    ///
    /// - Parameters:
    ///   - entry: the module file or inline module text.
    ///   - importMap: the page's import map, if any.
    /// - Returns: the script, its source map (sources named as errors show them) and the name
    ///   to evaluate it under.
    /// - Throws: `ModuleError`: one problem per esbuild error at the original file, line and
    ///   column; an import map that cannot be applied; esbuild missing (naming the Debian
    ///   package), failing or past its time limit.
    public func bundle(_ entry: ModuleEntry, importMap: ImportMap? = nil) throws(ModuleError) -> ModuleBundle {
        // Entries that cannot be applied are left out; an import that needs one fails with its reason.
        let (aliases, refused) = importMap?.usableAliases(resolveURL: resolveURL) ?? ([], [])
        let esbuild = try EsbuildLocator.locate(explicit: esbuildPath, searchPath: searchPath)
        let directory: String
        switch entry {
        case .file: directory = ModulePaths.canonical(".")
        case .inline(_, let resolveDirectory, _, _, _):
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: resolveDirectory, isDirectory: &isDirectory), isDirectory else {
                throw ModuleError(.bundlerFailed, "cannot resolve the imports of \(entry.name): \(resolveDirectory) is not a directory")
            }
            directory = ModulePaths.canonical(resolveDirectory)
        }
        if case .file(let path, _) = entry, !FileManager.default.isReadableFile(atPath: path) {
            throw ModuleError(.bundlerFailed, "cannot read \(path): no such file or not readable")
        }
        let key = BundleCache.Key(
            entry: entry, directory: directory, aliases: aliases.map { "\($0.name)=\($0.path)" },
            options: options, esbuild: esbuild)
        let raw: RawBundle
        if let cached = BundleCache.shared.lookup(key) {
            raw = cached
        } else {
            var build = EsbuildBuild(esbuild: esbuild, entry: entry, directory: directory, aliases: aliases, options: options, name: name(for: entry))
            build.refused = refused
            raw = try build.run()
            BundleCache.shared.store(raw, for: key)
        }
        return finish(raw, entry: entry)
    }

    /// Kills every esbuild still running in this process. For a process about to end (the
    /// process guard calls it through the runner): esbuild stuck reading a FIFO would otherwise
    /// outlive it. A build it stops never returns: its thread waits for the process to end, so
    /// that the caller's own message and exit status come first. Any thread may call it.
    public static func stopRunningBuilds() {
        Subprocess.killRunning()
    }

    /// Forgets every bundle cached in this process.
    public static func clearCache() {
        BundleCache.shared.removeAll()
    }

    /// The raw bundle with its files named and an inline entry's lines shifted to the page's.
    private func finish(_ raw: RawBundle, entry: ModuleEntry) -> ModuleBundle {
        let naming = name(for: entry)
        var map = raw.map.renamingSources { naming($0, raw.entryPath) }
        if case .inline(_, _, _, let line, _) = entry, line != 1, let index = raw.map.sources.firstIndex(of: raw.entryPath) {
            map = map.shiftingLines(ofSource: index, by: line - 1)
        }
        return ModuleBundle(
            code: raw.code, sourceMap: map, sourceURL: "\(entry.name) (bundle)", name: entry.name,
            css: raw.css, inputs: raw.inputs.map(\.path))
    }

    /// How to name an absolute path, given the entry's absolute (or stand-in) path.
    private func name(for entry: ModuleEntry) -> @Sendable (String, String) -> String {
        let custom = displayName
        let entryName = entry.name
        return { path, entryPath in
            if path == entryPath { return entryName }
            return custom?(path) ?? ModulePaths.displayName(path)
        }
    }
}
