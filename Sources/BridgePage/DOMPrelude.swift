import ScriptEngine

/// The page prelude (`JS/page-*.js`): Debian's domino as the document, made the window of the
/// JSC global object, with what domino leaves out filled by our own parts — events as browsers
/// dispatch them, navigation (`location`, `history`, iframes, links, `window.open`) through
/// native code, the document's life cycle and scripts, layout stand-ins, form controls, and Web APIs (URL,
/// storage, encoding, structuredClone, MutationObserver, messages, dialogs, crypto, navigator).
///
/// Navigations go to native code first; bridge URLs (`hybrid://…`) are intercepted there and
/// never navigate.
enum DOMPrelude {
    static let sourceURL = "bridge-page.js"

    /// The parts, in the order they run (each a function of the shared environment).
    static var parts: [String] {
        [EmbeddedJS.pageEvents, EmbeddedJS.pageNavigation, EmbeddedJS.pageDocument, EmbeddedJS.pageNodes, EmbeddedJS.pageLayout, EmbeddedJS.pageStyles, EmbeddedJS.pageRange, EmbeddedJS.pageWeb, EmbeddedJS.pageForms, EmbeddedJS.pageFormSubmit, EmbeddedJS.pageObservers]
            .map { $0.trimmingSuffix() }
    }

    /// The prelude as a function expression of `(native, global, kept, defined, early)`: `kept`
    /// is `null` or the set of globals the page already owns, which it then leaves alone; `early`
    /// (on-demand installs) the built-ins the stand-ins captured before any page code ran.
    static var function: String {
        "(function (native, global, kept, defined, early) {\nreturn (" + EmbeddedJS.pageWindow.trimmingSuffix() + ")(native, global, kept, defined, [\n"
            + parts.joined(separator: ",\n") + "], early);\n})"
    }

    /// The eager install: the prelude run at once.
    static var source: String { function + "(__pageNative, this, null, null);\ndelete this.__pageNative;\n" }

    /// ``source`` prepared once for all engines of the process.
    static let script = ScriptSource(source)
}

extension String {
    /// The text without its trailing newlines (embedded files end with one).
    func trimmingSuffix() -> String {
        var s = Substring(self)
        while s.last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
