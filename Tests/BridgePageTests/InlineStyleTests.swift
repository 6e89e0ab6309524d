import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgePage
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine

/// Inline style declarations (a style attribute, `cssText`, `setProperty`, `el.style.x = …`), read
/// by the page layer's own parser as a browser reads a declaration block: modern properties and
/// values kept, unknown properties and malformed declarations dropped, values written as browsers
/// serialize them.
@MainActor
@Suite struct InlineStyleTests {
    func engine() throws -> BridgeEngine {
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.pageURL = "https://m.example.com/index.html"
        let engine = try BridgeEngine(configuration: config)
        try engine.installPageSupport()
        try engine.evaluate("""
            var d = document.createElement('div'); document.body.appendChild(d);
            function read(input) {
              d.setAttribute('style', input);
              var out = [];
              for (var i = 0; i < d.style.length; i++) {
                var k = d.style.item(i), p = d.style.getPropertyPriority(k);
                out.push(k + ': ' + d.style.getPropertyValue(k) + (p ? ' !' + p : ''));
              }
              return out.join('; ');
            }
            """)
        return engine
    }

    @Test(arguments: [
        // Modern properties and values domino's parser dropped or mangled.
        ("gap: 4px; inset: 0; aspect-ratio: 16 / 9", "gap: 4px; inset: 0; aspect-ratio: 16 / 9"),
        ("color: rgb(1 2 3 / 50%)", "color: rgb(1 2 3 / 50%)"),
        ("grid-template-columns: repeat(3, 1fr)", "grid-template-columns: repeat(3, 1fr)"),
        // Written as browsers serialize: white space, commas, a function's parentheses.
        ("margin:1px   2px ;padding : 0", "margin: 1px 2px; padding: 0"),
        ("font-family: 'A B' ,serif", "font-family: 'A B', serif"),
        ("color: rgb( 1 ,2,3 )", "color: rgb(1, 2, 3)"),
        ("width: calc( 100% - 4px )", "width: calc(100% - 4px)"),
        ("transition: opacity .2s,transform .2s", "transition: opacity .2s, transform .2s"),
        ("/* c */ color /* x */ : red /* y */; display:/**/block", "color: red; display: block"),
        ("margin: 1px/**/2px", "margin: 1px 2px"),
        // Priorities: a later declaration does not replace an earlier important one.
        ("color: red !important; color: blue", "color: red !important"),
        ("color: red; color: blue !IMPORTANT", "color: blue !important"),
        // Custom properties keep their case and value; names are otherwise lower case.
        ("--Main-Color: #ABC ; COLOR: var(--Main-Color)", "--Main-Color: #ABC; color: var(--Main-Color)"),
        // Unknown properties are dropped; a -webkit- form of a known one is kept.
        ("unknown-prop: 1; -webkit-line-clamp: 2; -webkit-bogus: 1; -webkit-transform: none", "-webkit-line-clamp: 2; -webkit-transform: none"),
        // Malformed declarations are dropped, the rest kept.
        ("width: 1px); color: red", "color: red"),
        ("color: red ! ; display: block", "display: block"),
        ("color:; ;;; color red; : red; display: none", "display: none"),
        // A `;` inside a string or url() does not end the declaration.
        ("background: url(a;b.png) no-repeat; color: red", "background: url(a;b.png) no-repeat; color: red"),
        ("content: 'a;b'; color: red", "content: 'a;b'; color: red"),
        ("background-image: url( 'a b.png' )", "background-image: url('a b.png')"),
    ])
    func declarationsAreReadAsABrowserReadsThem(_ input: String, _ expected: String) throws {
        let e = try engine()
        defer { e.close() }
        #expect(try e.evaluate("read(\(JSONValue.string(input).jsonString()))") == .string(expected))
    }

    @Test func newerPropertiesHaveStyleAccessorsAndPrioritiesGoThroughSetProperty() throws {
        let e = try engine()
        defer { e.close() }
        let result = try e.evaluate("""
            d.setAttribute('style', '');
            d.style.gap = '2px'; d.style.aspectRatio = '1'; d.style['inset-inline'] = '0';
            d.style.setProperty('color', 'red', 'important');
            d.style.setProperty('display', 'none !important');  // a priority in the value is refused
            d.style.setProperty('bogus', '1');
            [d.getAttribute('style'), d.style.gap, d.style.getPropertyValue('aspect-ratio'), d.style.insetInline].join(' | ')
            """)
        #expect(result == .string("gap: 2px; aspect-ratio: 1; inset-inline: 0; color: red !important; | 2px | 1 | 0"))
    }

    @Test func customPropertyNamesKeepTheirCase() throws {
        let e = try engine()
        defer { e.close() }
        let result = try e.evaluate("""
            d.setAttribute('style', '');
            d.style.setProperty('--Accent', 'Red', 'important'); d.style.setProperty('--accent', 'blue');
            var before = [d.style.getPropertyValue('--Accent'), d.style.getPropertyPriority('--Accent'), d.style.getPropertyValue('--accent')].join(',');
            d.style.removeProperty('--Accent');
            before + ' | ' + d.getAttribute('style')
            """)
        #expect(result == .string("Red,important,blue | --accent: blue;"))
    }

    @Test func aStyleDoesNotLoadDominosCSSParser() throws {
        let e = try engine()
        defer { e.close() }
        _ = try e.evaluate("d.style.color = 'red'; d.style.cssText = 'margin: 0'; d.style.margin")
        #expect(!DominoLibrary.preparedPaths.contains(DominoLibrary.defaultDirectory + "/cssparser.js"))
    }
}
