import BridgeSupport
import Synchronization
package import ScriptEngine
#if canImport(Glibc)
import Glibc
#endif

/// Debian's `node-domino` (a DOM in plain JavaScript, BSD-2-Clause): the document pages run on.
/// Its CommonJS modules are read from where the package installs them, once per process, and
/// handed to the page prelude's `require` one by one (each evaluated under its own file name, so
/// an error inside domino names the domino file and line).
///
/// Load-time changes, all to the text: the per-node fields domino keeps its listeners and
/// handlers in (`_listeners`, `_handlers`) are renamed, because libraries use those names for
/// their own expandos on nodes (Preact 8 overwrote them); and the upstream bugs in `fixes` are
/// mended (`document.write` called `arguments.join`, which `arguments` does not have, so every
/// `document.write` while the page was parsed threw a TypeError; and it put the written text after
/// the rest of the page). Nothing else changes.
package enum DominoLibrary {
    /// Where the package puts the library.
    package static let defaultDirectory = "/usr/share/nodejs/domino/lib"

    /// The directory in use: `BRIDGE_DOMINO_DIR` when set (for tests of a missing package),
    /// else the Debian path.
    package static var directory: String {
        // One variable read with getenv: `ProcessInfo.environment` builds a dictionary of the whole
        // environment on every read, which was a sixth of a page's start-up (three reads a module).
        getenv("BRIDGE_DOMINO_DIR").map { String(cString: $0) } ?? defaultDirectory
    }

    /// Why the library cannot be used, naming the package; `nil` when it can.
    package static var problem: String? { problem(in: directory) }

    /// Why the library in `directory` cannot be used; `nil` when it can.
    static func problem(in directory: String) -> String? {
        FileContents.exists(directory + "/index.js")
            ? nil
            : "the standards DOM needs Debian's node-domino package (\(directory)/index.js is missing): apt-get install node-domino, or run scripts/bootstrap"
    }

    /// The modules read so far, prepared for evaluation, by path, with the modules each requires:
    /// read and converted once per process, then every engine evaluates the same prepared text
    /// (JavaScriptCore's per-VM code cache then skips the parse too). Keyed by path, since
    /// `BRIDGE_DOMINO_DIR` can change between engines (tests of a missing package).
    ///
    /// Two threads may prepare the same module at once (the page's and the warm-up's,
    /// `PageWarmUp`): the first to finish stores it and both use that one. Neither waits for the
    /// other, so the page's thread is never held up by a warm-up thread the system has not
    /// scheduled.
    private static let cache = Mutex<[String: (script: ScriptSource, requires: [String])]>([:])

    /// Module `name` (`index.js`, `Node.js`, …) prepared for evaluation: the wrapped text (see
    /// ``wrap(_:)``); `nil` when it does not exist.
    package static func module(_ name: String) -> ScriptSource? {
        prepared(name)?.script
    }

    /// The paths of the modules prepared so far in this process (for tests).
    package static var preparedPaths: Set<String> { cache.withLock { Set($0.keys) } }

    /// Module `name` prepared, with the modules its text requires (`require('./X')`, in order).
    static func prepared(_ name: String, directory: String = directory) -> (script: ScriptSource, requires: [String])? {
        guard Self.isModuleName(name) else { return nil }
        let path = directory + "/" + name
        if let done = cache.withLock({ $0[path] }) { return done }
        guard let bytes = FileContents.read(path), let source = String(validating: bytes, as: UTF8.self) else { return nil }
        var fixed = source
        for fix in fixes where fix.file == name { fixed = replacingEvery(fix.text, with: fix.replacement, in: fixed) }
        for rename in symbolMembers where rename.file == name { fixed = replacingMember(rename.member, with: rename.symbol, in: fixed) }
        let made = (script: ScriptSource(wrap(fixed)), requires: requiredModules(source))
        return cache.withLock { modules in
            if let first = modules[path] { return first }
            modules[path] = made
            return made
        }
    }

    /// The modules `source` requires by relative name (`require('./Node')` or
    /// `require("./config")` → `Node.js`, `config.js`), each once, in the order they first
    /// appear.
    static func requiredModules(_ source: String) -> [String] {
        var names: [String] = []
        var source = source
        source.withUTF8 { b in
            let prefix: StaticString = "require("
            let count = prefix.utf8CodeUnitCount
            guard let base = b.baseAddress else { return }
            var i = 0
            while i + count + 3 < b.count {
                guard let hit = memchr(base + i, Int32(UInt8(ascii: "r")), b.count - count - 3 - i) else { break }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                i = at + 1
                guard memcmp(base + at, prefix.utf8Start, count) == 0, at == 0 || !isIdentifierByte(b[at - 1]) else { continue }
                let quote = b[at + count]
                guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\""), b[at + count + 1] == UInt8(ascii: "."), b[at + count + 2] == UInt8(ascii: "/") else { continue }
                let start = at + count + 3
                var end = start
                while end < b.count, b[end] != quote, b[end] != UInt8(ascii: "\n") { end += 1 }
                guard end < b.count, b[end] == quote else { continue }
                var name = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
                if !name.hasSuffix(".js") { name += ".js" }
                if isModuleName(name), !names.contains(name) { names.append(name) }
                i = end
            }
        }
        return names
    }

    /// The text evaluated for a module's source: an assignment of a function of `(exports,
    /// require, module, __filename, __dirname, global, Object)` to the global
    /// `__bridgeDominoModule`, on one line with the module's first line so line numbers stay exact.
    /// (`Object` is the page layer's: definitions that read only a descriptor's own fields, so a
    /// page that gave `Object.prototype` a `get` or `value` does not break the DOM; JS/page-window.js.)
    static func wrap(_ source: String) -> String {
        "__bridgeDominoModule = (function (exports, require, module, __filename, __dirname, global, Object) {" + renamingPrivateFields(source) + "\n});\n"
    }

    /// Upstream bugs mended at load: file, exact text, replacement (same line count, so error
    /// lines stay exact). (domino's legacy-code `DOMException` is replaced in JS/page-nodes.js.)
    static let fixes: [(file: String, text: String, replacement: String)] = [
        ("Document.js", "var s = arguments.join('');", "var s = Array.prototype.join.call(arguments, '');"),
        // The stack of domino's own errors (appendChild's HierarchyRequestError, …) starts at its
        // caller: `this.constructor` is the page layer's DOMException (JS/page-nodes.js), which is
        // not on the stack, so the stack was empty and the run named no line.
        ("DOMException.js", "  Error.captureStackTrace(this, this.constructor);", "  Error.captureStackTrace(this, DOMException);"),
        // An event's time comes from the page layer (`bridge:eventTime`), not the page's `Date.now`.
        ("Event.js", "module.exports = Event;\n", "module.exports = Event; var eventTime = require('bridge:eventTime') || Date.now;\n"),
        ("Event.js", "  this.timeStamp = Date.now();", "  this.timeStamp = eventTime();"),
        // `document.write` from a script the parser paused for: the text goes in at the insertion
        // point (after what the same script wrote before, before the rest of the page), so what it
        // writes, scripts included, is parsed next. (Upstream put the unparsed rest of the page first.)
        ("HTMLParser.js", "    document: function() {",
         "    insertAtInsertionPoint: function(s) { if (reentrant_invocations !== 0 || paused > 0) return false; if (this._written !== leftovers) this._at = 0; leftovers = leftovers.slice(0, this._at) + s + leftovers.slice(this._at); this._at += s.length; this._written = leftovers; return true; }, document: function() {"),
        ("Document.js", "    this._parser.parse(s);", "    if (!this._parser.insertAtInsertionPoint(s)) this._parser.parse(s);"),
        // Resuming after a script (the page layer's `parse('')`) keeps the unparsed rest as the
        // substring it is: `leftovers + ''` made the optimizing JIT copy the rest of the page at
        // every parser-inserted script, and 8000 small scripts took 1.2 GB.
        ("HTMLParser.js", "          s = leftovers + s;\n", "          s = s === \"\" ? leftovers : leftovers + s;\n"),
        // The page layer hears of a script's end tag, so the parser pauses right after
        // `</script>`: the insertion point `document.write` writes at, as the HTML standard has it.
        // Modifications are tracked from the start, not only once parsing ended: domino's live
        // collections (`children`, getElementsBy…) are caches checked against that clock, so a
        // script run while the page was parsed (most inline scripts) saw `ul.children.length`
        // stay the same after it appended a child.
        // (And the two places that started the clock at 1 leave a running clock alone: going back
        // to 1 could make a later modification's time equal a cache's, which then looks fresh.)
        ("Document.js", "  this.modclock = 0;", "  this.modclock = 1;"),
        // A modification reaches the document too (domino walked parent elements, which stop at
        // <html>): `document.getElementsByTagName('li')` never changed after the first read.
        ("Node.js", "      for(var n = this; n; n = n.parentElement) {", "      for(var n = this; n; n = n.parentNode) {"),
        ("HTMLParser.js", "    doc.modclock = 1; // Start tracking modifications", "    if (!doc.modclock) doc.modclock = 1; // Start tracking modifications"),
        ("DOMImplementation.js", "    d.modclock = 1; // Start tracking modifications", "    if (!d.modclock) d.modclock = 1; // Start tracking modifications"),
        // The live collections' own bookkeeping fields were enumerable: `Object.keys(el.children)`
        // and `for…in` over a getElementsBy… list listed `element`, `root`, `cache`, … (browsers:
        // only the indices). Made non-enumerable where they are first set.
        // An index past the new end is removed, not set to undefined (it stayed in Object.keys).
        ("FilteredElementList.js", "        this[i] = undefined;", "        delete this[i];"),
        ("Element.js", "        this[i] = undefined;", "        delete this[i];"),
        // (The list's own fields are symbols: see `symbolMembers`.)
        ("FilteredElementList.js", "module.exports = FilteredElementList;",
         "module.exports = FilteredElementList; var SymbolCtor = require('bridge:Symbol'), felRoot = SymbolCtor('root'), felFilter = SymbolCtor('filter'), felLastModTime = SymbolCtor('lastModTime'), felDone = SymbolCtor('done'), felCache = SymbolCtor('cache');"),
        ("Element.js", "function ChildrenCollection(e) {\n  this.element = e;\n  this.updateCache();\n}",
         "function ChildrenCollection(e) {\n  this.element = e;\n  this.updateCache(); var self = this; ['element', 'lastModTime', 'childrenByNumber', 'childrenByName'].forEach(function (k) { if (Object.prototype.hasOwnProperty.call(self, k)) Object.defineProperty(self, k, { enumerable: false }); });\n}"),
        // Declarations (a style attribute, `cssText`, `setProperty`) are read by the page layer's
        // own parser (JS/page-styles.js): domino's CSS parser (parserlib) dropped
        // modern CSS (`gap`, `inset`, custom properties), mangled `repeat(3, 1fr)`, and cost a page
        // 8 ms to load at its first style. It stays for anything else that would use it (nothing does).
        // `cssText` is the declarations serialized (JS/page-styles.js), no longer the raw attribute:
        // domino's own bookkeeping reads and writes the attribute itself.
        ("CSSStyleDeclaration.js", "    if (!this._parsedStyles || this.cssText !== this._lastParsedText) {\n      var text = this.cssText;",
         "    if (!this._parsedStyles || this._element.getAttribute('style') !== this._lastParsedText) {\n      var text = this._element.getAttribute('style');"),
        ("CSSStyleDeclaration.js", "    this.cssText = s;      // also sets the style attribute",
         "    this._element.setAttribute('style', s);      // also sets the style attribute"),
        // A `;` inside a string or brackets does not make a value invalid (a data URI: `url("data:image/png;base64,…")`).
        ("CSSStyleDeclaration.js", "      if (value.indexOf(\";\") !== -1) return;",
         "      if (require('bridge:hasTopLevelSemicolon')(value)) return;"),
        ("CSSStyleDeclaration.js", "  var parser = new parserlib.css.Parser();",
         "  var ours = require('bridge:parseDeclarations'); if (typeof ours === 'function') return ours(s); var parser = new parserlib.css.Parser();"),
        ("HTMLParser.js", "    //var script = stack.top;\n    stack.pop();\n    parser = originalInsertionMode;\n    //script._prepare();",
         "    var endedScript = stack.top;\n    stack.pop();\n    parser = originalInsertionMode;\n    if (htmlparser.onScriptEnd) htmlparser.onScriptEnd(endedScript);"),
        // The table of named character references (2231 entries) is built at the first reference
        // the common ones (`&amp;`, `&lt;`, `&nbsp;`, …) do not answer, not when the parser loads:
        // its literal was 2 ms of every page's start in a fresh process.
        ("HTMLParser.js", "var namedCharRefs = {\n",
         "var namedCharRefsTable = null, commonCharRefs = { __proto__: null, 'amp;': 0x26, 'amp': 0x26, 'lt;': 0x3c, 'lt': 0x3c, 'gt;': 0x3e, 'gt': 0x3e, 'quot;': 0x22, 'quot': 0x22, 'nbsp;': 0xa0, 'nbsp': 0xa0, 'copy;': 0xa9, 'copy': 0xa9, 'apos;': 0x27 }; function namedCharRefs(name) { var common = commonCharRefs[name]; if (common !== undefined) return common; if (namedCharRefsTable === null) namedCharRefsTable = {\n"),
        ("HTMLParser.js", "  \"zwnj;\":0x200c,\n};\n", "  \"zwnj;\":0x200c,\n}; return namedCharRefsTable[name]; }\n"),
        ("HTMLParser.js", "    var rv = namedCharRefs[name];", "    var rv = namedCharRefs(name);"),
        // An element class's members (its attributes' accessors, its event handler properties,
        // the members it declares) are defined when the page layer asks (`bridge:defineLater`):
        // at its first element, at the first read of its global, or when a part of the page
        // layer extends it. The class and its prototype exist at once; a member something else
        // defined on the prototype first (URLUtils, the page layer's parts) is kept, as when it
        // replaced domino's. A page that makes a few kinds of element does not pay for the ~70
        // others' ~1900 definitions. (The members it declares are copied, not written into:
        // some classes share one declared object, into which domino wrote each class's
        // attributes in turn, so a class also had the attributes of those defined before it —
        // HTMLOutputElement has HTMLObjectElement's `archive` and HTMLButtonElement's `value`.
        // Each class gets what it got then, whatever order pages touch the classes in.) Each
        // replacement has as many lines as the text it replaces (the lone `;` lines fill them),
        // so an error inside defineElement.js still names its line in the file.
        ("defineElement.js", "var isApiWritable = require(\"./config\").isApiWritable;",
         "var isApiWritable = require(\"./config\").isApiWritable, defineLater = require('bridge:defineLater'), hasOwn = require('bridge:hasOwn') || function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); }, sharedDeclared = [], sharedLists = [];"),
        ("defineElement.js", "  var c = spec.ctor;\n  if (c) {\n    var props = spec.props || {};\n\n",
         "  var c = spec.ctor;\n  if (c) { var superclass = spec.superclass || defaultConstructor, declared = spec.props, attributeList = [], attributesUpTo = 0;\n    if (declared) { var s = 0; while (s < sharedDeclared.length && sharedDeclared[s] !== declared) s++; if (s === sharedDeclared.length) { sharedDeclared[s] = declared; sharedLists[s] = attributeList; } else attributeList = sharedLists[s]; } c.prototype = Object.create(superclass.prototype, { constructor: { value: c, writable: isApiWritable } });\n    var defineMembers = function () { var props = Object.create(null); for (var d in declared) if (hasOwn(declared, d)) props[d] = declared[d]; for (var i = 0; i < attributesUpTo; i++) props[attributeList[i][0]] = attributes.property(attributeList[i][1]); var p = c.prototype; for (var k in props) if (k !== 'constructor' && !hasOwn(p, k)) Object.defineProperty(p, k, props[k]); if (spec.events) addEventHandlers(c, spec.events); };\n"),
        ("defineElement.js", "        props[n] = attributes.property(attr);\n", "        attributeList[attributeList.length] = [n, attr];\n"),
        ("defineElement.js", "    props.constructor = { value : c, writable: isApiWritable };\n    c.prototype = Object.create((spec.superclass || defaultConstructor).prototype, props);\n    if (spec.events) {\n      addEventHandlers(c, spec.events);\n    }\n    tagList[c.name] = c;\n",
         "    attributesUpTo = attributeList.length;\n    ;\n    ;\n    ;\n    if (typeof defineLater === 'function') defineLater(c, superclass, defineMembers); else defineMembers();\n    tagList[c.name] = c;\n"),
        ("defineElement.js", "    Object.defineProperty(p, \"on\" + type, {\n",
         "    if (!hasOwn(p, \"on\" + type)) Object.defineProperty(p, \"on\" + type, {\n"),
        ("htmlelts.js", "var defineElement = require('./defineElement');",
         "var defineElement = require('./defineElement'), defineNow = require('bridge:defineNow') || function () {};"),
        ("htmlelts.js", "  var impl = htmlNameToImpl[localName] || HTMLUnknownElement;\n  return new impl(doc, localName, prefix);",
         "  var impl = htmlNameToImpl[localName] || HTMLUnknownElement;\n  defineNow(impl); return new impl(doc, localName, prefix);"),
        ("svg.js", "var defineElement = require('./defineElement');",
         "var defineElement = require('./defineElement'), defineNow = require('bridge:defineNow') || function () {};"),
        ("svg.js", "  var impl = svgNameToImpl[localName] || SVGElement;\n  return new impl(doc, localName, prefix);",
         "  var impl = svgNameToImpl[localName] || SVGElement;\n  defineNow(impl); return new impl(doc, localName, prefix);"),
        // The ~700 `style` accessors (domino's 364 properties, camelCase and dashed) are defined
        // at the first declaration object (`el.style`, `getComputedStyle`), at the first read of
        // the `CSSStyleDeclaration` global, or when the page layer asks: most engines of a test
        // run never read a style. (An accessor the page layer defined first is kept.)
        ("CSSStyleDeclaration.js", "var parserlib = require('./cssparser');",
         "var parserlib = require('./cssparser'), defineLater = require('bridge:defineLater'), defineNow = require('bridge:defineNow') || function () {}, hasOwn = require('bridge:hasOwn') || function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };"),
        ("CSSStyleDeclaration.js", "function CSSStyleDeclaration(elt) {\n  this._element = elt;\n}",
         "function CSSStyleDeclaration(elt) {\n  defineNow(CSSStyleDeclaration); this._element = elt;\n}"),
        ("CSSStyleDeclaration.js", "for(var prop in cssProperties) defineStyleProperty(prop);",
         "var defineStyleProperties = function () { for(var prop in cssProperties) if (hasOwn(cssProperties, prop)) defineStyleProperty(prop); }; if (typeof defineLater === 'function') defineLater(CSSStyleDeclaration, null, defineStyleProperties); else defineStyleProperties();"),
        ("CSSStyleDeclaration.js", "  Object.defineProperty(CSSStyleDeclaration.prototype, jsname, {",
         "  if (!hasOwn(CSSStyleDeclaration.prototype, jsname)) Object.defineProperty(CSSStyleDeclaration.prototype, jsname, {"),
        ("CSSStyleDeclaration.js", "  if (!CSSStyleDeclaration.prototype.hasOwnProperty(cssname)) {",
         "  if (!hasOwn(CSSStyleDeclaration.prototype, cssname)) {"),
        // Inline event handlers are compiled by the page layer, in a function whose only scope is
        // the global one: compiled here they saw this module's `require`, `module`, `exports`.
        // The handler's compile learns the attribute's name, to name a SyntaxError of its body
        // (told to the page layer, not set on the builder: a page's read-only
        // `Object.prototype.name` made that assignment throw in domino's strict code).
        ("defineElement.js", "function EventHandlerChangeHandler(elt, name, oldval, newval) {",
         "var handlerAttribute = require('bridge:handlerAttribute'); function EventHandlerChangeHandler(elt, name, oldval, newval) {"),
        ("defineElement.js", "  elt[name] = new EventHandlerBuilder(newval, doc, form, elt).build();",
         "  if (typeof handlerAttribute === 'function') handlerAttribute(name); elt[name] = new EventHandlerBuilder(newval, doc, form, elt).build();"),
        ("sloppy.js", "  EventHandlerBuilder_build: function build() {\n    try {\n",
         "  EventHandlerBuilder_build: function build() {\n    try { var compile = require('bridge:compileEventHandler'); if (typeof compile === 'function') return compile(this);\n"),
    ] + customPropertyCaseFixes

    /// A custom property's name keeps its case (`--Main-Color`), as in browsers: the four
    /// methods that take a property name lower-cased every one.
    static let customPropertyCaseFixes: [(file: String, text: String, replacement: String)] =
        ["getPropertyValue: { value: function(property) {", "getPropertyPriority: { value: function(property) {",
         "setProperty: { value: function(property, value, priority) {", "removeProperty: { value: function(property) {"].map { head in
            ("CSSStyleDeclaration.js", "  " + head + "\n    property = property.toLowerCase();",
             "  " + head + "\n    property = String(property); if (property.slice(0, 2) !== '--') property = property.toLowerCase();")
        }

    /// `text` replaced by `replacement` wherever it occurs in `source`, compared byte by byte
    /// (`String.replacing` compares by grapheme, which made these two fixes a noticeable part of a
    /// page's start-up in a fresh process). The search looks (`memchr`) for the text's first byte
    /// that is not white space, then compares the whole text there: looking for its first byte
    /// (most fixes start with indentation, found every few bytes) and copying the module's bytes
    /// into an array for each fix was 28 M instructions for a page's 53 fixes (`callgrind`).
    static func replacingEvery(_ text: String, with replacement: String, in source: String) -> String {
        var source = source, text = text
        let mended: [UInt8]? = source.withUTF8 { b in
            text.withUTF8 { p -> [UInt8]? in
                guard let haystack = b.baseAddress, let needle = p.baseAddress, !p.isEmpty, p.count <= b.count else { return nil }
                // The byte looked for: the first that is not white space (the first if all are).
                let k = p.firstIndex { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D } ?? 0
                var out: [UInt8] = []
                var from = 0
                var i = 0
                while i <= b.count - p.count {
                    guard let hit = memchr(haystack + i + k, Int32(p[k]), b.count - p.count - i + 1) else { break }
                    let at = haystack.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - k
                    guard memcmp(haystack + at, needle, p.count) == 0 else { i = at + 1; continue }
                    if out.isEmpty { out.reserveCapacity(b.count + 256) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: b[from..<at]))
                    out.append(contentsOf: replacement.utf8)
                    from = at + p.count
                    i = from
                }
                guard from > 0 else { return nil }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[from...]))
                return out
            }
        }
        return mended.map { String(decoding: $0, as: UTF8.self) } ?? source
    }

    /// Fields a domino class keeps on its instances, made symbol-keyed in its file: every
    /// `this.member` becomes `this[symbol]` (the symbols are declared by a fix above, made by the
    /// `Symbol` the page prelude has from before any page code ran, `require('bridge:Symbol')`: a
    /// page's own `let Symbol`, `function Symbol() {}` or `Symbol = …` must not break the DOM it
    /// loads later). The live
    /// lists of `getElementsBy…` kept their state in enumerable fields, so `Object.keys(list)` and
    /// `for…in` listed `root`, `filter`, `cache`, … beside the indices (browsers list only the
    /// indices); redefining them non-enumerable for every list cost more than the list itself
    /// (JavaScriptCore gave each list a dictionary of its own, and jQuery makes one per node it
    /// appends). Symbol keys are neither enumerated nor slower.
    static let symbolMembers: [(file: String, member: String, symbol: String)] = [
        ("FilteredElementList.js", "root", "felRoot"), ("FilteredElementList.js", "filter", "felFilter"),
        ("FilteredElementList.js", "lastModTime", "felLastModTime"), ("FilteredElementList.js", "done", "felDone"),
        ("FilteredElementList.js", "cache", "felCache"),
    ]

    /// Whether a UTF-8 byte can be part of a JavaScript identifier (ASCII letters, digits, `_`,
    /// `$`, and any byte of a non-ASCII character): where a whole name starts and ends.
    static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    /// `source` with every `this.member` (as a whole name: not `this.members`) written
    /// `this[symbol]`.
    static func replacingMember(_ member: String, with symbol: String, in source: String) -> String {
        let pattern = Array(("this." + member).utf8), replacement = Array(("this[" + symbol + "]").utf8)
        let bytes = Array(source.utf8)
        let isIdentifier = isIdentifierByte
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 1024)
        var i = 0
        while i < bytes.count {
            let end = i + pattern.count
            if end <= bytes.count, bytes[i] == pattern[0], bytes[i..<end].elementsEqual(pattern),
               i == 0 || !isIdentifier(bytes[i - 1]) && bytes[i - 1] != UInt8(ascii: "."),
               end == bytes.count || !isIdentifier(bytes[end]) {
                out.append(contentsOf: replacement)
                i = end
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The file path of module `name` (for its script name).
    package static func path(_ name: String) -> String { directory + "/" + name }

    /// Only plain file names inside the library folder (never a path out of it).
    private static func isModuleName(_ name: String) -> Bool {
        !name.isEmpty && name.hasSuffix(".js") && !name.contains("/") && !name.hasPrefix(".")
    }

    /// `_listeners` → `__dominoListeners`, `_handlers` → `__dominoHandlers`, as whole words.
    static func renamingPrivateFields(_ source: String) -> String {
        var source = source
        return source.withUTF8 { bytes -> String in
            let n = bytes.count
            var out = [UInt8]()
            out.reserveCapacity(n + 4096)
            let words: [(StaticString, StaticString)] = [("_listeners", "__dominoListeners"), ("_handlers", "__dominoHandlers")]
            let isIdentifier = isIdentifierByte
            var copied = 0
            var i = 0
            while i < n {
                guard bytes[i] == 0x5F, i == 0 || !isIdentifier(bytes[i - 1]) else { i += 1; continue }
                var matched = false
                for (word, replacement) in words {
                    let w = word.utf8Start, count = word.utf8CodeUnitCount
                    guard i + count <= n, memcmp(bytes.baseAddress! + i, w, count) == 0, i + count == n || !isIdentifier(bytes[i + count]) else { continue }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                    out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                    i += count
                    copied = i
                    matched = true
                    break
                }
                if !matched { i += 1 }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<n]))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
