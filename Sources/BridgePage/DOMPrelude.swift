/// DOM-lite (`JS/dom-lite.js`): the globals hybrid pages touch — `document` (readyState,
/// head/body, elements, events, cookie), `location`, `navigator`, `localStorage`/
/// `sessionStorage`, `atob`/`btoa`, `TextEncoder`/`TextDecoder`, `history`, `Event`/
/// `CustomEvent`. Not a browser: markup is not parsed into elements and there is no layout; a
/// script that needs more fails with the JS error.
///
/// Navigations (an iframe `src`, `location.href`/`assign`/`replace`, `window.open`) go to native
/// code first; bridge URLs (`hybrid://…`) are intercepted there and never navigate.
enum DOMPrelude {
    static let sourceURL = "bridge-dom.js"

    /// The prelude as a function expression of `(native, global, kept, defined)`: `kept` is
    /// `null` or the set of globals the page already owns, which it then leaves alone.
    static var function: String { EmbeddedJS.domLite.trimmingSuffix() }

    /// The eager install: the prelude run at once.
    static var source: String { function + "(__pageNative, this, null);\ndelete this.__pageNative;\n" }
}

extension String {
    /// The text without its trailing newlines (embedded files end with one).
    func trimmingSuffix() -> String {
        var s = Substring(self)
        while s.last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
