import FoundationEssentials
public import BridgeCore
import BridgeSupport

/// Loads an HTML page into an engine the way a browser would: scripts in document order
/// (inline, and `src` relative to the page), `defer` scripts after parsing, then
/// `DOMContentLoaded` on `document`, `async` scripts, and `load` on `window`.
///
/// A script that throws is recorded as uncaught and the next script still runs (as in
/// browsers). A script that cannot be loaded — missing file, no offline package for its URL,
/// MD5 mismatch — stops the load with `PageLoader.Failure` (never runs a tampered file).
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

    /// Creates a loader.
    public init(pageName: String, pageURL: String, baseDirectory: String, offline: OfflinePackage? = nil) {
        self.pageName = pageName
        self.pageURL = pageURL
        self.baseDirectory = baseDirectory
        self.offline = offline
    }

    /// Runs the page's scripts and lifecycle events in `engine` (which must have been created
    /// with `pageURL` as its configuration's page URL).
    ///
    /// - Throws: `Failure` when a script cannot be loaded.
    public func load(html: String, into engine: BridgeEngine) throws(Failure) {
        let extractor = HTMLScriptExtractor(html: html)
        do {
            try engine.installPageSupport(title: extractor.title, elements: extractor.elementsWithID)
        } catch {
            throw Failure(message: "\(pageName): DOM-lite failed to start: \(error)")
        }
        engine.setReadyState("loading")
        var deferred: [HTMLScript] = []
        var asyncScripts: [HTMLScript] = []
        for script in extractor.scripts where script.isClassicJavaScript {
            if script.src != nil && script.isAsync {
                asyncScripts.append(script)
            } else if script.src != nil && script.isDeferred {
                deferred.append(script)
            } else {
                try run(script, in: engine)
            }
        }
        engine.setReadyState("interactive")
        for script in deferred { try run(script, in: engine) }
        engine.firePageEvent("DOMContentLoaded", on: "document")
        for script in asyncScripts { try run(script, in: engine) }
        engine.setReadyState("complete")
        engine.firePageEvent("load", on: "window")
    }

    private func run(_ script: HTMLScript, in engine: BridgeEngine) throws(Failure) {
        let source: String
        let name: String
        var line = 1
        if let src = script.src {
            (name, source) = try fetch(src)
        } else {
            name = "\(pageName) (inline script #\(script.inlineIndex))"
            source = script.text
            line = script.line
        }
        do {
            try engine.execute(source, sourceURL: name, line: line)
        } catch {
            engine.recordUncaught(error)
        }
    }

    /// Loads a script's text: from the offline package for http(s) URLs, else from disk.
    private func fetch(_ src: String) throws(Failure) -> (String, String) {
        let trimmed = src.trimmingWhitespace()
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
                let (_, data) = try offline.resolve(absolute)
                guard let text = String(validating: Array(data), as: UTF8.self) else {
                    throw Failure(message: "\(pageName): script \(absolute) is not valid UTF-8")
                }
                return (absolute, text)
            } catch let error as OfflineError {
                throw Failure(message: "\(pageName): script \(error.description)")
            } catch let error as Failure {
                throw error
            } catch {
                throw Failure(message: "\(pageName): script \(absolute): \(error)")
            }
        }
        var path = trimmed
        if path.hasPrefix("file://"), let url = URL(string: path) { path = url.path }
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<q]) }
        if !path.hasPrefix("/") { path = PathText.appending(path, to: baseDirectory) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(message: "\(pageName): script src '\(src)' not found (\(path))")
        }
        guard let text = String(validating: Array(data), as: UTF8.self) else {
            throw Failure(message: "\(pageName): script \(path) is not valid UTF-8")
        }
        return (Self.displayPath(path), text)
    }

    /// A path relative to the working directory when it is below it.
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let std = PathText.standardized(path)
        if std.hasPrefix(cwd + "/") { return String(std.dropFirst(cwd.count + 1)) }
        return std
    }
}
