import Testing
import BridgeRuntimeTesting
@testable import BridgePage
@testable import BridgeValues
@testable import ScriptEngine

/// domino's element classes get their members when first needed (DominoLibrary's fixes,
/// `bridge:defineLater`): at a class's first element, at the first read of its global, or when a
/// part of the page layer extends it; and `CSSStyleDeclaration` its ~700 accessors at the first
/// declaration object or the first read of its global. What a page sees must not depend on which of these came
/// first, and the page layer's own members must win over domino's as before.
@MainActor
@Suite struct ElementClassesOnDemandTests {
    /// Every element class's own members (name, kind, enumerable, configurable, writable) and
    /// attribute change handlers, by global name, as JSON text.
    static let dump = """
        (function () {
          var out = {};
          Object.getOwnPropertyNames(window).filter(function (k) { return /^(HTML|SVG).*Element$|^CSSStyleDeclaration$/.test(k); }).sort().forEach(function (k) {
            var p = window[k].prototype, o = {};
            Object.getOwnPropertyNames(p).sort().forEach(function (n) {
              var d = Object.getOwnPropertyDescriptor(p, n);
              o[n] = [d.enumerable, d.configurable, d.writable, typeof d.value, typeof d.get, typeof d.set].join();
            });
            o['(handlers)'] = p._attributeChangeHandlers ? Object.keys(p._attributeChangeHandlers).sort().join() : '';
            out[k] = o;
          });
          return JSON.stringify(out);
        })()
        """

    /// `dump` in a new engine after `script` ran there.
    static func dump(after script: String) throws -> JSONValue {
        let e = try PageTestEngine.make()
        defer { e.close() }
        try e.evaluate(script)
        return try e.evaluate(dump)
    }

    /// Tags of most of domino's classes, HTML and SVG, made in the order given.
    static let tags = ["a", "area", "audio", "base", "body", "br", "button", "canvas", "caption", "col", "data", "datalist",
                       "del", "details", "dialog", "div", "dl", "embed", "fieldset", "font", "form", "h1", "head", "hr", "html",
                       "iframe", "img", "input", "keygen", "label", "legend", "li", "link", "map", "menu", "meta", "meter",
                       "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q",
                       "script", "select", "source", "span", "style", "table", "tbody", "td", "template", "textarea", "time",
                       "title", "tr", "track", "ul", "video"]

    @Test("a class touched first through its elements ends with the members it has when touched first through its global")
    func theOrderDoesNotMatter() throws {
        let viaGlobals = try Self.dump(after: "")
        let list = JSONValue.array(Self.tags.reversed().map { .string($0) }).jsonString()
        let viaElements = try Self.dump(after: "\(list).forEach(function (t) { document.createElement(t); }); document.createElementNS('http://www.w3.org/2000/svg', 'svg');")

        guard case .string(let a) = viaGlobals, case .string(let b) = viaElements else { Issue.record("no dump"); return }
        #expect(a == b)
        // (The dump saw the classes: HTMLTableElement with its attributes' accessors.)
        #expect(a.contains("\"HTMLTableElement\":{\"align\":\"false,true,,undefined,function,function\""))
    }

    @Test("a class nobody touched has no members yet; its global, once read, is a plain property with them")
    func untouchedClassesWait() throws {
        let e = try PageTestEngine.make()
        defer { e.close() }
        #expect(try e.evaluate("typeof Object.getOwnPropertyDescriptor(window, 'HTMLTableCellElement').get") == "function")
        #expect(try e.evaluate("Object.getOwnPropertyNames(HTMLTableCellElement.prototype).indexOf('colSpan') >= 0") == true)
        #expect(try e.evaluate("var d = Object.getOwnPropertyDescriptor(window, 'HTMLTableCellElement'); d.value === HTMLTableCellElement && d.writable && !d.get") == true)
        // A page that assigns the global first keeps what it assigned.
        #expect(try e.evaluate("HTMLTableRowElement = 5; HTMLTableRowElement") == 5)
        // An element made first: its class has its members, and instanceof works through the global.
        #expect(try e.evaluate("var v = document.createElement('video'); 'autoplay' in v && v instanceof HTMLVideoElement && v instanceof HTMLMediaElement") == true)
    }

    @Test("the style accessors wait for the first declaration object; the page layer's and domino's are all there after")
    func styleAccessorsWait() throws {
        let e = try PageTestEngine.make()
        defer { e.close() }
        #expect(try e.evaluate("typeof Object.getOwnPropertyDescriptor(window, 'CSSStyleDeclaration').get") == "function")
        // A dump taken after a style was read equals one taken with the global read first.
        try e.evaluate("document.body.style.color = 'red'")
        #expect(try e.evaluate(Self.dump) == Self.dump(after: "CSSStyleDeclaration.prototype; document.body.style.color = 'red'"))
        #expect(try e.evaluate("var s = document.body.style; [typeof Object.getOwnPropertyDescriptor(CSSStyleDeclaration.prototype, 'fontSize').get, 'font-size' in s, 'aspectRatio' in s, s.color].join()") == "function,true,true,red")
        // Declarations of domino's properties are kept, of unknown ones dropped.
        #expect(try e.evaluate("var p = document.createElement('p'); p.setAttribute('style', 'margin-top: 1px; bogus-thing: 2'); p.style.cssText") == "margin-top: 1px;")
    }

    @Test("an SVG element's style, read first, has the page layer's accessors")
    func svgStyleFirst() throws {
        let e = try PageTestEngine.make()
        defer { e.close() }
        #expect(try e.evaluate("var st = document.createElementNS('http://www.w3.org/2000/svg', 'svg').style; st.aspectRatio = '1'; st.color = 'red'; ['gap' in st, st.cssText].join()") == "true,aspect-ratio: 1; color: red;")
    }

    @Test("pages that get in the way of a definition do not leave a class half-defined or unreadable", arguments: [
        // A replaced built-in that throws while a class is defined: the next need defines it whole.
        ("var f = Array.prototype.forEach; Array.prototype.forEach = function () { throw new Error('x'); }; try { document.createElement('form'); } catch (e) {} Array.prototype.forEach = f; var form = document.createElement('form'); [form.method, form.enctype].join()",
         "get,application/x-www-form-urlencoded"),
        // A non-writable, enumerable addition to Object.prototype (not set aside while defining).
        ("Object.defineProperty(Object.prototype, 'foo', { value: 1, enumerable: true }); var t = document.createElement('table'); t.setAttribute('border', '2'); var r = [t.border, Object.getOwnPropertyNames(HTMLTableCellElement.prototype).indexOf('foo'), document.createElement('p').style.color === ''].join(); delete Object.prototype.foo; r",
         "2,-1,true"),
        // A sealed window: the class globals still read, and assignments to them still land.
        ("Object.seal(window); var a = typeof HTMLTableCellElement; HTMLTableRowElement = 7; [a, HTMLTableRowElement, 'colSpan' in document.createElement('td')].join()",
         "function,7,true"),
    ])
    func definitionsSurviveThePage(_ script: String, _ expected: String) throws {
        let e = try PageTestEngine.make()
        defer { e.close() }
        #expect(try e.evaluate(script) == .string(expected))
    }

    @Test("the page layer's members win over domino's, whichever comes first")
    func thePageLayersMembersWin() throws {
        let e = try PageTestEngine.make()
        defer { e.close() }
        // page-forms keeps an input's value apart from its attribute (domino reflected it).
        #expect(try e.evaluate("var i = document.createElement('input'); i.setAttribute('value', 'a'); i.value = 'b'; i.getAttribute('value') + i.value") == "ab")
        // page-navigation resolves a link's href against the page (domino's URLUtils did not).
        #expect(try e.evaluate("var a = document.createElement('a'); a.setAttribute('href', 'x.html'); a.href") == "https://m.example.com/x.html")
        #expect(try e.evaluate("typeof HTMLSelectElement.prototype.namedItem") == "function")
    }

    @Test("classes that share declared members keep the attributes domino gave them when it defined them in turn")
    func sharedDeclaredMembersAsBefore() throws {
        let e = try PageTestEngine.make()
        defer { e.close() }
        // HTMLOutputElement was defined after HTMLButtonElement, whose declared members it shares.
        #expect(try e.evaluate("var o = document.createElement('output'); o.setAttribute('value', '3'); o.value") == "3")
        #expect(try e.evaluate("'value' in document.createElement('fieldset')") == true)
        #expect(try e.evaluate("'archive' in document.createElement('output')") == true)
        #expect(try e.evaluate("'archive' in document.createElement('button')") == false)
    }
}
