import ScriptEngine
import BridgeCore

/// The page layer's state of one engine, kept on the engine (as an attachment) so the bridge
/// itself holds no page state: DOM-lite's entry points once loaded, or its stand-ins' loader
/// while it waits for first use, and the page's user agent. Dropped when the engine closes.
@MainActor
package final class PageSession {
    /// `navigator.userAgent`.
    package var userAgent = "Mozilla/5.0 (Linux) AppleWebKit/605.1.15 (KHTML, like Gecko) BridgeRuntime/1.0 Hybrid"
    /// DOM-lite's entry points, once it ran.
    package var support: PageSupport?
    /// The stand-in accessors are installed and wait for first use.
    package var onDemand = false
    /// The stand-ins' loader, to load DOM-lite on request.
    var loader: ScriptFunction?

    /// The session of `engine`, made on first use.
    static func of(_ engine: BridgeEngine) -> PageSession {
        let key = ObjectIdentifier(PageSession.self)
        if let session = engine.attachments[key] as? PageSession { return session }
        let session = PageSession()
        engine.attachments[key] = session
        return session
    }
}

/// The DOM prelude's entry points kept by a page session.
@MainActor
package final class PageSupport {
    let setReadyState: ScriptFunction?
    let fire: ScriptFunction?

    init(setReadyState: ScriptFunction?, fire: ScriptFunction?) {
        self.setReadyState = setReadyState
        self.fire = fire
    }
}
