import FoundationEssentials
public import BridgeCore
import BridgeSupport
import ScriptEngine

/// Loads an HTML page into an engine the way a browser would: the HTML parsed into the document
/// (domino's HTML parser), scripts in document order (inline, and `src` relative to the page),
/// `defer` scripts after parsing, then `DOMContentLoaded` on `document`, `async` scripts, and
/// `load` on `window`. Scripts the page inserts later load through the same resolution.
///
/// A script that throws is recorded as uncaught and the next script still runs (as in
/// browsers). A script that cannot be loaded — missing file, no offline package for its URL,
/// MD5 mismatch — is never run (never a tampered file): it is an error of the page, its element
/// gets an `error` event, and the next script runs.
@MainActor
public struct PageLoader {
    /// A script that could not be loaded.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What failed, naming the page, the script URL, the local file and the reason.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The page's display name used in script names (`index.html`).
    public var pageName: String
    /// The page URL (`location.href`): a `file:` URL for local pages, the requested URL for
    /// offline pages.
    public var pageURL: String
    /// The directory relative `src` paths of a local page resolve against.
    public var baseDirectory: String
    /// The offline package serving http(s) scripts, if any.
    public var offline: OfflinePackage?
    /// Told the path of every script file the page reads (its own and the offline package's,
    /// classic and module, while parsing or inserted later): `bridge-run test --watch` re-runs
    /// a test file when a script of a page it loaded changes.
    public var onScriptFile: (@MainActor (String) -> Void)?

    /// Creates a loader.
    public init(pageName: String, pageURL: String, baseDirectory: String, offline: OfflinePackage? = nil) {
        self.pageName = pageName
        self.pageURL = pageURL
        self.baseDirectory = baseDirectory
        self.offline = offline
    }

    /// Parses the page into the engine's document and runs its scripts as a browser does:
    /// classic scripts when the parser reaches them (the document as far as it was parsed),
    /// `defer` scripts and module scripts after parsing, then `DOMContentLoaded`, `async`
    /// scripts, and `load` on the window. `nomodule` scripts are skipped (modules are supported),
    /// and so are scripts of types that are not JavaScript (templates, JSON).
    ///
    /// A classic `src` script that cannot be loaded (missing file, no offline package for its
    /// URL, MD5 mismatch) is never run: it is recorded as an error of the page (the run fails,
    /// naming the file), its element gets an `error` event, and the page goes on, as in a browser.
    ///
    /// - Returns: the scripts that could not be loaded, in document order.
    /// - Throws: `Failure` when the DOM cannot start.
    @discardableResult
    public func load(html: String, into engine: BridgeEngine) throws(Failure) -> [Failure] {
        do {
            try engine.installPageSupport()
        } catch {
            throw Failure(message: "\(pageName): the page's DOM could not start: \(error.message)")
        }
        engine.pageSession.pageName = pageName
        let handle = engine.handle
        engine.scriptSource = { [self] url in
            guard let engine = handle.engine else { return .failure(Failure(message: "\(pageName): the page is closed")) }
            do throws(Failure) { return .success(try fetch(url, in: engine)) } catch { return .failure(error) }
        }
        // Line numbers of inline scripts come from our own scan of the source (the parser keeps
        // no positions), matched by text.
        var inlineSources = HTMLScriptExtractor(html: html).scripts.filter { $0.src == nil }[...]
        engine.beginDocument(html: html)
        engine.noteDocumentStart()
        var deferred: [Pending] = []
        var asyncScripts: [Pending] = []
        var inlineCount = 0
        var moduleCount = 0
        var modules = ModuleState()
        var failures: [Failure] = []
        while let script = engine.nextParserScript() {
            var line = 1
            if script.src == nil {
                inlineCount += 1
                let text = script.text.replacingCRLF()
                if let k = inlineSources.firstIndex(where: { $0.text.replacingCRLF() == text }) {
                    line = inlineSources[k].line
                    inlineSources = inlineSources[(k + 1)...]
                }
            }
            switch script.kind {
            case .other:
                continue
            case .importmap:
                noteImportMap(script, line: line, state: &modules, engine: engine)
            case .module:
                moduleCount += 1
                modules.started = true
                let pending = Pending(script: script, inline: inlineCount, module: moduleCount, line: line)
                if script.isAsync { asyncScripts.append(pending) } else { deferred.append(pending) }
            case .classic:
                if script.noModule { continue }
                let pending = Pending(script: script, inline: inlineCount, module: 0, line: line)
                if script.src != nil && script.isAsync {
                    asyncScripts.append(pending)
                } else if script.src != nil && script.isDeferred {
                    deferred.append(pending)
                } else {
                    run(pending, modules: modules, in: engine, failures: &failures)
                }
            }
        }
        engine.setReadyState("interactive")
        for pending in deferred { run(pending, modules: modules, in: engine, failures: &failures) }
        engine.firePageEvent("DOMContentLoaded", on: "document")
        for pending in asyncScripts { run(pending, modules: modules, in: engine, failures: &failures) }
        engine.runPendingDynamicScripts()
        engine.setReadyState("complete")
        engine.firePageEvent("load", on: "window")
        return failures
    }

    /// A script found by the parser, waiting for its turn.
    struct Pending {
        var script: ParserScript
        /// Its number among inline scripts, and among module scripts.
        var inline: Int
        var module: Int
        /// The page line its text starts on (inline scripts).
        var line: Int
    }

    private func run(_ pending: Pending, modules: ModuleState, in engine: BridgeEngine, failures: inout [Failure]) {
        let script = pending.script
        let source: String
        let name: String
        if script.kind == .module {
            runModule(pending, importMap: modules.map, in: engine)
            return
        }
        if let src = script.src {
            do throws(Failure) {
                (name, source) = try fetch(src, in: engine)
            } catch {
                // As a browser: the element gets an `error` event and the page goes on; the run
                // still fails, with the missing file named.
                failures.append(error)
                engine.recordUncaught(ScriptError(kind: .loadFailure, message: error.message))
                engine.scriptFailed(script.id)
                return
            }
        } else {
            name = "\(pageName) (inline script #\(pending.inline))"
            source = script.text
        }
        let line = pending.line
        engine.setCurrentScript(script.id)
        do {
            try engine.execute(source, sourceURL: name, line: script.src == nil ? line : 1)
        } catch {
            engine.recordUncaught(error)
        }
        engine.setCurrentScript(-1)
        // `<script src onload=…>`: the element's `load` follows its run, as in browsers.
        if script.src != nil { engine.scriptLoaded(script.id) }
    }

    /// A script's text, a `blob:` URL's included (the Blob's text, from the network layer's
    /// registry, as `URL.createObjectURL` made it).
    func fetch(_ src: String, in engine: BridgeEngine) throws(Failure) -> (name: String, text: String) {
        let url = src.trimmingWhitespace()
        guard url.lowercased().hasPrefix("blob:") else { return try fetch(src) }
        guard let text = engine.blobText(url) else {
            throw Failure(message: "\(pageName): script src '\(Self.shortURL(url))': no Blob for this URL (revoked, or made in another page)")
        }
        return (Self.shortURL(url), text)
    }

    /// Loads a script's text: from the offline package for http(s) URLs, else from disk.
    func fetch(_ src: String) throws(Failure) -> (name: String, text: String) {
        let found = try locate(src)
        guard let text = String(validating: Array(found.data), as: UTF8.self) else {
            throw Failure(message: "\(pageName): script \(found.name) is not valid UTF-8")
        }
        return (found.name, text)
    }

    /// Where a script's `src` is: its name for messages (the URL of a served file, a local path
    /// relative to the working directory), the local file and its bytes (an offline file's MD5
    /// checked).
    func locate(_ src: String) throws(Failure) -> (name: String, path: String, data: Data) {
        let trimmed = src.trimmingWhitespace()
        if trimmed.prefix(5).lowercased() == "data:" {
            guard let data = Self.decodeDataURL(trimmed) else {
                throw Failure(message: "\(pageName): script src '\(Self.shortURL(trimmed))' is not a valid data: URL")
            }
            return (Self.shortURL(trimmed), "", data)
        }
        let pageIsWeb = pageURL.hasPrefix("http://") || pageURL.hasPrefix("https://")
        let lower = trimmed.lowercased()
        let isWeb = lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("//")
        if isWeb || pageIsWeb {
            let base = URL(string: pageURL)
            guard let absolute = URL(string: trimmed, relativeTo: base)?.absoluteString else {
                throw Failure(message: "\(pageName): script src '\(src)' is not a valid URL")
            }
            guard let offline else {
                throw Failure(message: "\(pageName): script \(absolute) needs the network; run with --offline DIR to serve it from a resource package")
            }
            do {
                let (path, data) = try offline.resolve(absolute)
                onScriptFile?(path)
                return (absolute, path, data)
            } catch {
                throw Failure(message: "\(pageName): script \(error.description)")
            }
        }
        var path = trimmed
        if path.hasPrefix("file://"), let url = URL(string: path) { path = url.path }
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<q]) }
        // A root-relative path names a file of the page's site: its folder is the web root (an
        // absolute file path that exists still works).
        if path.hasPrefix("/") && !trimmed.hasPrefix("file:") {
            let underRoot = PathText.appending(String(path.dropFirst()), to: baseDirectory)
            if FileContents.exists(underRoot) || !FileContents.exists(path) { path = underRoot }
        } else if !path.hasPrefix("/") {
            path = PathText.appending(path, to: baseDirectory)
        }
        // `src` is a URL: `my%20lib.js` names `my lib.js` (a file whose name really has the `%`
        // still loads when no decoded one exists).
        if path.contains("%"), !trimmed.hasPrefix("file:"), let decoded = PercentEncoding.decode(path), decoded != path, FileContents.exists(decoded) {
            path = decoded
        }
        guard let bytes = FileContents.read(path) else {
            // Something there that cannot be read (a directory, over the size limit) says why.
            guard FileContents.exists(path) else { throw Failure(message: "\(pageName): script src '\(src)' not found (\(path))") }
            throw Failure(message: "\(pageName): script src '\(src)' cannot be read: \(FileContents.problem(path)) (\(path))")
        }
        onScriptFile?(path)
        return (Self.displayPath(path), path, Data(bytes))
    }

    /// A path relative to the working directory when it is below it.
    static func displayPath(_ path: String) -> String {
        let cwd = PathText.currentDirectory()
        let std = PathText.standardized(path)
        if std.hasPrefix(cwd + "/") { return String(std.dropFirst(cwd.count + 1)) }
        return std
    }
}

extension String {
    /// CR LF and lone CR as LF (what the HTML parser makes of line ends).
    func replacingCRLF() -> String {
        guard utf8.contains(0x0D) else { return self }
        return replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }
}
