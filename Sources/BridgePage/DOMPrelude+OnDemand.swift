/// The page prelude on first use (``BridgeEngine/installPageSupportOnDemand()``): the stand-in accessors
/// and what they need to load the prelude when a page first touches one of its globals.
extension DOMPrelude {
    /// The globals the prelude defines, with whether each is enumerable (as the prelude leaves
    /// it). ``onDemandSource`` puts an accessor in the place of each; a test checks this list
    /// against what the prelude really defines.
    static let globals: [(name: String, enumerable: Bool)] = [
        "document", "location", "history", "navigator", "screen", "localStorage", "sessionStorage", "Node", "Element", "HTMLElement",
        "Document", "DocumentFragment", "Text", "Comment", "NodeList", "HTMLIFrameElement", "DOMException", "Event", "CustomEvent",
        "MouseEvent", "KeyboardEvent", "addEventListener", "removeEventListener", "dispatchEvent", "getComputedStyle", "matchMedia",
        "requestAnimationFrame", "cancelAnimationFrame", "innerWidth", "innerHeight", "devicePixelRatio", "open", "close", "alert",
        "confirm", "prompt", "atob", "btoa", "TextEncoder", "TextDecoder", "URL", "URLSearchParams", "structuredClone",
        "MutationObserver", "IntersectionObserver", "ResizeObserver", "crypto", "DOMParser", "Image", "postMessage", "MessageChannel",
        "customElements", "Storage", "onload", "onhashchange", "onpopstate", "onmessage",
    ].map { ($0, true) }

    /// Installs the page DOM on first use (``BridgeEngine/installPageSupportOnDemand()``): an
    /// accessor per global. The first get or set of any of them fetches the prelude's text,
    /// evaluates and runs it (in the same VM entry, so the time limit applies as to any
    /// code) and then does the get or set. Globals the script replaced, redefined or deleted
    /// before that are left as the script left them (the prelude skips them), so the result is
    /// what the script would see had the page DOM been there first.
    static let onDemandSource: String = {
        var list = ""
        for (name, enumerable) in globals {
            list += (list.isEmpty ? "" : ",") + "['" + name + "'," + (enumerable ? "true" : "false") + "]"
        }
        var intrinsicList = ""
        for name in intrinsics { intrinsicList += (intrinsicList.isEmpty ? "'" : ",'") + name + "'" }
        return EmbeddedJS.pageOnDemand.trimmingSuffix() + "(__pageNative, this, [" + list + "], [" + intrinsicList + "]);\ndelete this.__pageNative;\n"
    }()

    /// Language built-ins the prelude uses while it sets up, bound to the global object's own
    /// properties at load time — what a page's lexical declarations (`class Set {}`) leave
    /// alone — so the prelude sees the same built-ins as the eager install.
    static let intrinsics = [
        "Object", "Function", "Array", "Map", "Set", "WeakMap", "WeakSet", "String", "Number", "Boolean", "Symbol", "JSON", "Math", "Error",
        "TypeError", "RangeError", "Reflect", "Proxy", "RegExp", "Date", "Promise", "ArrayBuffer", "Uint8Array", "DataView", "isNaN",
        "parseInt", "parseFloat", "encodeURIComponent", "decodeURIComponent",
    ]

    /// The text `native.preludeSource()` hands the stand-ins: a factory taking ``intrinsics``
    /// and returning the prelude's function.
    static var onDemandFactory: String { "(function (" + intrinsics.joined(separator: ", ") + ") {\nreturn " + function + ";\n})\n//# sourceURL=" + sourceURL + "\n" }
}
