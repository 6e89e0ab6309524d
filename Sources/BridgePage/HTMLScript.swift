/// One `<script>` element found in a page, in document order.
public struct HTMLScript: Sendable, Equatable {
    /// The `src` attribute (as written), or `nil` for an inline script.
    public var src: String?
    /// The inline text (empty for `src` scripts).
    public var text: String
    /// The `type` attribute, lower-cased (`nil` when absent).
    public var type: String?
    /// `async` attribute present.
    public var isAsync: Bool
    /// `defer` attribute present.
    public var isDeferred: Bool
    /// 1-based line of the script's first character of text (inline) or of its tag (`src`).
    public var line: Int
    /// 1-based index among inline scripts (0 for `src` scripts), for messages.
    public var inlineIndex: Int

    /// `true` when a browser would run it as classic JavaScript (no type, or a JavaScript MIME
    /// type). Modules, JSON and templates are skipped.
    public var isClassicJavaScript: Bool {
        guard let type, !type.isEmpty else { return true }
        return HTMLScript.javaScriptTypes.contains(type)
    }

    static let javaScriptTypes: Set<String> = [
        "text/javascript", "application/javascript", "application/x-javascript", "text/ecmascript",
        "application/ecmascript", "text/jscript", "text/livescript", "text/x-javascript", "text/x-ecmascript",
        "javascript",
    ]

    /// Creates a script record.
    public init(src: String?, text: String, type: String?, isAsync: Bool, isDeferred: Bool, line: Int, inlineIndex: Int) {
        self.src = src
        self.text = text
        self.type = type
        self.isAsync = isAsync
        self.isDeferred = isDeferred
        self.line = line
        self.inlineIndex = inlineIndex
    }
}
