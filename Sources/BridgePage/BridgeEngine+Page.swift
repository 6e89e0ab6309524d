import FoundationEssentials
public import BridgeCore
public import ScriptEngine
public import BridgeValues

/// Headless page support: the standards DOM (domino), navigation interception and the page's
/// life cycle.
extension BridgeEngine {
    /// Installs the page's window and document now (an empty document until ``beginDocument(html:)``).
    ///
    /// - Throws: `ScriptError` when the page prelude cannot start — the message names the Debian
    ///   package when domino is missing.
    public func installPageSupport() throws(ScriptError) {
        guard let context, pageSession.support == nil else { return }
        if let problem = DominoLibrary.problem { throw ScriptError(message: problem) }
        if pageSession.onDemand {
            // The stand-ins are there: load through them (with the page info they were given).
            if let loader = pageSession.loader { try context.call(loader, []) }
            return
        }
        // domino's modules are prepared on another thread while the page prelude starts.
        PageWarmUp.start()
        installPageNative(context)
        try context.evaluate(DOMPrelude.script, sourceURL: DOMPrelude.sourceURL, wantResult: false)
        notePageSupportLoaded()
    }

    /// Installs the page's window on first use: the page's globals (`document`, `location`,
    /// `Event`, …) exist at once as accessors, and the first read or write of any of them runs
    /// the page prelude in the same VM entry. A script that never touches the DOM (a plain `.js`
    /// page, most test code) never pays for it (domino's modules: about 30 ms in a fresh process, 10 ms in a warm VM, and 17 MiB).
    /// What a script sees is the same as with the eager install: a global it replaced,
    /// redefined or deleted before first use stays as it left it. Globals without a stand-in
    /// (`HTMLDivElement`, …) exist once any stand-in was touched.
    public func installPageSupportOnDemand() {
        guard let context, pageSession.support == nil, !pageSession.onDemand else { return }
        installPageNative(context)
        pageSession.onDemand = true
        do {
            try context.evaluate(DOMPrelude.onDemandScript, sourceURL: DOMPrelude.sourceURL, wantResult: false)
        } catch {
            // The stub is a fixed script; if it ever fails, fall back to the eager install.
            pageSession.onDemand = false
            try? installPageSupport()
        }
    }

    /// Keeps the prelude's entry points once it has run.
    func notePageSupportLoaded() {
        guard let context, pageSession.support == nil else { return }
        func f(_ name: String) -> ScriptFunction? { context.function(at: "__bridgeDOM." + name) }
        pageSession.support = PageSupport(f)
        let styles = pageSession.pendingStyles
        pageSession.pendingStyles = []
        for css in styles { addStyle(css) }
        // A script's top-level error and a timer's reach the window's `error` event too (a
        // listener's is dispatched by the page's own JavaScript).
        addUncaughtObserver { [weak self] thrown, placed in
            guard let self else { return }
            callPage(pageSession.support?.errorEvent, [
                .thrownValue(thrown), .string(placed.message), .string(placed.sourceURL ?? ""),
                .number(Double(placed.line ?? 0)), .number(Double(placed.column ?? 0)),
            ])
        }
    }

    /// Starts parsing a page's HTML into the document (scripts run as ``nextParserScript()`` hands
    /// them out).
    public func beginDocument(html: String) {
        callPage(pageSession.support?.beginDocument, [.string(html)])
    }

    /// Parses on to the next script element the parser finished and returns it, or `nil` when the
    /// document is parsed.
    func nextParserScript() -> ParserScript? {
        guard let function = pageSession.support?.nextParserScript, let context else { return nil }
        do {
            guard let info = try context.call(function, [], wantResult: true), info != .null else { return nil }
            return ParserScript(info)
        } catch var error {
            // The parser itself ran out of time (a page nested 200 000 deep): say so, not just
            // "script ran longer", which named no script.
            if error.kind == .timeLimit, error.sourceURL == nil || error.sourceURL?.hasPrefix("bridge-") == true {
                if error.message.hasPrefix("script ") { error.message = "the HTML parser " + error.message.dropFirst("script ".count) }
                let url = configuration.pageURL
                error.sourceURL = url.hasPrefix("file://") ? URL(string: url).map { PageLoader.displayPath($0.path) } : (url.isEmpty ? nil : url)
                error.line = nil
            }
            recordUncaught(error)
            return nil
        }
    }

    /// `document.currentScript` while native code runs a parser-inserted script (`-1`: none).
    func setCurrentScript(_ id: Int) {
        callPage(pageSession.support?.setCurrentScript, [.number(Double(id))])
    }

    /// Sets `document.readyState` (`loading`, `interactive`, `complete`) and fires
    /// `readystatechange`.
    public func setReadyState(_ state: String) {
        callPage(pageSession.support?.setReadyState, [.string(state)])
    }

    /// Fires an event with no detail on `document` (`DOMContentLoaded` bubbles to the window) or
    /// the `window` (`load`). Listener errors are reported as uncaught, and the other listeners run.
    public func firePageEvent(_ type: String, on target: String) {
        callPage(pageSession.support?.fire, [.string(target), .string(type)])
    }

    /// Fires `error` on a parser-inserted script element (by its parser id) that could not be loaded.
    func scriptFailed(_ id: Int) {
        callPage(pageSession.support?.scriptFinished, [.number(Double(id)), .number(0)])
    }

    /// Fires `load` on a parser-inserted script element with a `src` that ran (its errors, if it
    /// threw, are the window's: a browser fires `load` all the same).
    func scriptLoaded(_ id: Int) {
        callPage(pageSession.support?.scriptFinished, [.number(Double(id)), .number(1)])
    }

    /// Adds a `<style>` element with `css` to the document's head (the CSS a module imported).
    /// With the DOM on demand and not loaded yet, it is added when the DOM loads.
    func addStyle(_ css: String) {
        guard pageSession.support != nil else {
            pageSession.pendingStyles.append(css)
            return
        }
        callPage(pageSession.support?.addStyle, [.string(css)])
    }

    /// Calls a prelude entry point; an exception escaping it is recorded as uncaught.
    func callPage(_ function: ScriptFunction?, _ args: [ScriptArgument]) {
        guard let function, let context else { return }
        do { try context.call(function, args) } catch { recordUncaught(error) }
    }

    /// The page layer's state for this engine, made on first use.
    var pageSession: PageSession { PageSession.of(self) }

    /// `navigator.userAgent` for the page (set it before the page's DOM is installed).
    public var userAgent: String {
        get { pageSession.userAgent }
        set { pageSession.userAgent = newValue }
    }

    /// Answers `alert`, `confirm` and `prompt` (kind, message, the prompt's default): the value
    /// `confirm` returns (a boolean) or `prompt` returns (a string, or `null` for Cancel). The
    /// default answers as a user clicking OK: `confirm` true, `prompt` its default value or "".
    /// Every dialog is traced (`dialog` events).
    public var dialogHandler: (@MainActor (_ kind: String, _ message: String, _ defaultValue: String?) -> JSONValue)? {
        get { pageSession.dialogHandler }
        set { pageSession.dialogHandler = newValue }
    }

    /// Answers a dialog that is a bridge message (DSBridge's `prompt('_dsbridge=…')`): a
    /// non-`nil` answer is returned to the page at once, with no `dialog` event.
    package var dialogInterceptor: (@MainActor (_ kind: String, _ message: String, _ defaultValue: String?) -> JSONValue?)? {
        get { pageSession.dialogInterceptor }
        set { pageSession.dialogInterceptor = newValue }
    }

    /// Where scripts a page adds at run time (`<script src>` it inserts) are loaded from: the
    /// resolved URL in, the script's name and text out (or the reason it cannot be loaded).
    /// ``PageLoader`` sets it to its own resolution (files beside the page, offline packages).
    public var scriptSource: (@MainActor (_ url: String) -> Result<(name: String, text: String), PageLoader.Failure>)? {
        get { pageSession.scriptSource }
        set { pageSession.scriptSource = newValue }
    }
}
