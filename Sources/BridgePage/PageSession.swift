import ScriptEngine
import BridgeCore
import BridgeValues

/// The page layer's state of one engine, kept on the engine (as an attachment) so the bridge
/// itself holds no page state: the prelude's entry points once loaded, or its stand-ins' loader
/// while it waits for first use, and what the page's host decides (user agent, dialog answers,
/// where inserted scripts come from). Dropped when the engine closes.
@MainActor
package final class PageSession {
    /// `navigator.userAgent`.
    package var userAgent = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/605.1.15 (KHTML, like Gecko) BridgeRuntime/1.0 Mobile Hybrid"
    /// The prelude's entry points, once it ran.
    package var support: PageSupport?
    /// The stand-in accessors are installed and wait for first use.
    package var onDemand = false
    /// CSS modules imported before the DOM (on demand) was loaded: added when it loads.
    var pendingStyles: [String] = []
    /// `<script src>` elements the page inserted, waiting for their turn of the loop (or for the
    /// page's `load`, which runs them first).
    var pendingDynamic: [(url: String, token: Double, module: Bool)] = []
    /// The stand-ins' loader, to load the prelude on request.
    var loader: ScriptFunction?
    /// Consulted before `dialogHandler`: an answer means the dialog was a bridge message (a
    /// peer protocol's `prompt`), never shown and not traced as a dialog.
    var dialogInterceptor: (@MainActor (String, String, String?) -> JSONValue?)?
    /// Answers dialogs (see ``BridgeEngine/dialogHandler``).
    var dialogHandler: (@MainActor (String, String, String?) -> JSONValue)?
    /// Loads scripts the page inserts (see ``BridgeEngine/scriptSource``).
    var scriptSource: (@MainActor (String) -> Result<(name: String, text: String), PageLoader.Failure>)?
    /// The page's name in script names (`index.html`).
    var pageName = "page"
    /// Inline scripts the page inserted so far (for their names).
    var dynamicInline = 0

    /// The session of `engine`, made on first use.
    static func of(_ engine: BridgeEngine) -> PageSession {
        let key = ObjectIdentifier(PageSession.self)
        if let session = engine.attachments[key] as? PageSession { return session }
        let session = PageSession()
        engine.attachments[key] = session
        return session
    }
}

/// The page prelude's entry points kept by a page session (`__bridgeDOM.<name>`).
@MainActor
package final class PageSupport {
    let beginDocument: ScriptFunction?
    let nextParserScript: ScriptFunction?
    let setCurrentScript: ScriptFunction?
    let setReadyState: ScriptFunction?
    let fire: ScriptFunction?
    let scriptDone: ScriptFunction?
    let scriptRunning: ScriptFunction?
    /// Fires `error` on a parser-inserted script element that could not be loaded (by its id).
    let scriptFinished: ScriptFunction?
    /// Adds a `<style>` with the given CSS to the document's head (CSS a module imported).
    let addStyle: ScriptFunction?
    /// Fires the window's `error` event (`ErrorEvent`, `onerror`) for a thrown value.
    let errorEvent: ScriptFunction?

    /// Looks each entry point up by name.
    init(_ entry: (String) -> ScriptFunction?) {
        beginDocument = entry("beginDocument")
        nextParserScript = entry("nextParserScript")
        setCurrentScript = entry("setCurrentScript")
        setReadyState = entry("setReadyState")
        fire = entry("fire")
        scriptDone = entry("scriptDone")
        scriptRunning = entry("scriptRunning")
        scriptFinished = entry("scriptFinished")
        addStyle = entry("addStyle")
        errorEvent = entry("errorEvent")
    }
}

/// A script element the parser finished, as the prelude describes it.
struct ParserScript {
    /// What a browser does with it.
    enum Kind: String {
        case classic, module, importmap, other
    }

    var id: Int
    var kind: Kind
    /// The `src` attribute as written (`nil`: inline).
    var src: String?
    /// `src` resolved against the document's URL.
    var url: String?
    var text: String
    var isAsync: Bool
    var isDeferred: Bool
    var noModule: Bool

    init?(_ info: JSONValue) {
        guard let id = info["id"]?.intValue else { return nil }
        self.id = id
        kind = Kind(rawValue: info["kind"]?.stringValue ?? "") ?? .other
        src = info["src"]?.stringValue
        url = info["url"]?.stringValue
        text = info["text"]?.stringValue ?? ""
        isAsync = info["async"]?.boolValue ?? false
        isDeferred = info["defer"]?.boolValue ?? false
        noModule = info["noModule"]?.boolValue ?? false
    }
}
