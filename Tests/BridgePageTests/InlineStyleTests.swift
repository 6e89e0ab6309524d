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
        let engine = try PageTestEngine.make()
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
        // Unknown properties are dropped; vendor-prefixed ones are kept.
        ("unknown-prop: 1; -webkit-line-clamp: 2; -webkit-tap-highlight-color: transparent; -ms-touch-action: none; -x-y: 1", "-webkit-line-clamp: 2; -webkit-tap-highlight-color: transparent; -ms-touch-action: none"),
        // A custom property's !important; strings: open ones closed at the end, one with a line break dropped.
        ("--x: 1px !important; --y: a  , b", "--x: 1px !important; --y: a  , b"),
        ("color: red; font-family: \"Foo", "color: red; font-family: \"Foo\""),
        // (After a string's line break, the next quote opens a string that runs to the end, as
        // in a browser's tokenizer: the whole rest is one bad declaration.)
        ("content: \"a\nb\"; color: red", ""),
        ("content: \"a\nb; color: red", "color: red"),
        ("font-family: a\\;b; color: red", "font-family: a\\;b; color: red"),
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
            d.style.gap = '2px'; d.style.aspectRatio = '1'; d.style.insetInline = '0';
            d.style.setProperty('color', 'red', 'important');
            d.style.setProperty('display', 'none !important');  // a priority in the value is refused
            d.style.setProperty('bogus', '1');
            d.style.backgroundImage = 'url("data:image/png;base64,AAA=")';  // a `;` inside a string
            d.style.setProperty('width', '1px; height: 2px');  // a second declaration is refused
            d.style.WebkitLineClamp = '2'; d.style.webkitTapHighlightColor = 'transparent';
            var detected = ['aspectRatio' in document.createElement('p').style, 'WebkitLineClamp' in document.createElementNS('http://www.w3.org/2000/svg', 'svg').style];
            [d.getAttribute('style'), d.style.gap, d.style.getPropertyValue('aspect-ratio'), d.style.insetInline, detected.join()].join(' | ')
            """)
        #expect(result == .string("gap: 2px; aspect-ratio: 1; inset-inline: 0; color: red !important; background-image: url(\"data:image/png;base64,AAA=\"); -webkit-line-clamp: 2; -webkit-tap-highlight-color: transparent; | 2px | 1 | 0 | true,true"))
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

    @Test func cssTextIsTheDeclarationsSerialized() throws {
        let e = try engine()
        defer { e.close() }
        let result = try e.evaluate("""
            var fresh = document.createElement('div');
            var empty = fresh.style.cssText;
            fresh.style.cssText += 'color:red;width:1px';
            var appended = fresh.style.cssText;
            fresh.setAttribute('style', 'COLOR:Red;foo:bar; margin : 0 !important');
            var fromAttribute = fresh.style.cssText;
            fresh.style.cssText = 'gap:1px;;bogus:1';
            [JSON.stringify(empty), appended, fromAttribute, fresh.getAttribute('style'), fresh.style.gap].join(' | ')
            """)
        #expect(result == .string("\"\" | color: red; width: 1px; | color: Red; margin: 0 !important; | gap: 1px; | 1px"))
    }

    /// Long values and pathological ones are read in time linear in their length.
    @Test func longAndPathologicalValuesAreReadInLinearTime() throws {
        let e = try engine()
        defer { e.close() }
        let result = try e.evaluate("""
            var big = 'A'.repeat(2000000);
            var cases = ['background-image: url("data:image/png;base64,' + big + '")', 'color: red' + ' '.repeat(200000) + '!important',
              'width: ' + '('.repeat(100000), 'width: ' + 'url(""'.repeat(50000), 'content: ' + '/*'.repeat(100000)];
            var t = Date.now(), lengths = cases.map(function (c) { return read(c).length; });
            [Date.now() - t < 3000, lengths.join(',')].join(' ')
            """)
        #expect(result.stringValue?.hasPrefix("true ") == true, "\(result)")
    }

    @Test func aStyleDoesNotLoadDominosCSSParser() throws {
        let e = try engine()
        defer { e.close() }
        _ = try e.evaluate("d.style.color = 'red'; d.style.cssText = 'margin: 0'; d.style.margin")
        #expect(!DominoLibrary.preparedPaths.contains(DominoLibrary.defaultDirectory + "/cssparser.js"))
    }
}
