import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgePage
@testable import BridgeValues
@testable import ScriptEngine

/// A page that adds `get`, `set`, `value`, … to `Object.prototype` (prototype pollution, or an old
/// library's extension) leaves the DOM working as a browser's does: every descriptor literal of
/// the page layer and of domino would inherit those fields, and `el.children`,
/// `addEventListener`, `el.style.x = …` and `new URL` threw "Getter must be a function".
@MainActor
@Suite struct PrototypePollutionTests {
    /// DOM work whose answers do not depend on the pollution.
    static let work = """
        (function () {
          var out = [];
          function t(name, f) { try { out.push(name + '=' + f()); } catch (e) { out.push(name + ' threw ' + e); } }
          var ul = document.createElement('ul'); ul.innerHTML = '<li>1</li>'; document.body.appendChild(ul);
          t('children', function () { return ul.children.length; });
          t('append', function () { var li = document.createElement('li'); li.textContent = '2'; ul.appendChild(li); return ul.children.length + ':' + ul.lastChild.textContent; });
          t('style', function () { ul.style.color = 'red'; ul.style.setProperty('--x', '1'); return ul.getAttribute('style'); });
          t('classList', function () { ul.classList.add('a', 'b'); return ul.className; });
          t('dataset', function () { ul.dataset.fooBar = 'y'; return ul.getAttribute('data-foo-bar'); });
          t('query', function () { return document.querySelectorAll('ul > li').length; });
          t('events', function () { var n = 0; ul.addEventListener('click', function () { n++; }); ul.click(); ul.dispatchEvent(new CustomEvent('x', { detail: 1 })); return n; });
          t('handler', function () { ul.setAttribute('onclick', 'this.title = typeof require + typeof module'); ul.click(); return ul.title; });
          t('url', function () { var u = new URL('/p?q=1', 'https://m.example.com/'); return u.href + ' ' + u.searchParams.get('q'); });
          t('range', function () { var r = document.createRange(); r.selectNodeContents(ul); return r.toString(); });
          t('form', function () { var f = document.createElement('form'); f.innerHTML = '<input name=a value=1>'; return f.elements.length + ':' + f.elements[0].value; });
          t('storage', function () { localStorage.setItem('k', 'v'); return localStorage.getItem('k'); });
          t('reflected', function () {
            var d = document.createElement('div');
            d.innerHTML = '<form method=post enctype="multipart/form-data"></form><p dir=rtl title=t hidden>x</p><img crossorigin=use-credentials>';
            var f = d.querySelector('form'), p = d.querySelector('p');
            return [f.method, f.enctype, p.dir, p.title, p.hidden, d.querySelector('img').crossOrigin].join();
          });
          return out.join('\\n');
        })()
        """

    nonisolated static let pollutions = [
        "Object.prototype.get = 1;",
        "Object.prototype.set = function () {};",
        "Object.prototype.value = 3; Object.prototype.writable = false;",
        "Object.prototype.enumerable = true; Object.prototype.configurable = false;",
        "Object.defineProperty(Object.prototype, 'get', { get: function () { throw new Error('read get'); }, configurable: true });",
        // Names domino's element tables read (`val.value || val`, `spec.tags`, `attr.name`).
        "Object.prototype.name = 'n'; Object.prototype.alias = 'al'; Object.prototype.type = 't';",
        "Object.prototype.tags = ['zzz']; Object.prototype.attributes = { x: 1 }; Object.prototype.superclass = null;",
        "Object.defineProperty(Object.prototype, 'value', { get: function () { return undefined; }, configurable: true });",
        // Replaced definition built-ins (the page's own code breaks; the DOM loaded later must not).
        "Object.create = function () { throw new Error('page create'); }; Object.defineProperty = function () { throw new Error('page defineProperty'); }; Object.defineProperties = Object.create;",
    ]

    func expected() throws -> String {
        let e = try PageTestEngine.make()
        defer { e.close() }
        return try #require(try e.evaluate(Self.work).stringValue)
    }

    @Test func theWorkItselfSucceeds() throws {
        let answer = try expected()
        #expect(!answer.contains("threw"), "\(answer)")
        #expect(answer.contains("handler=undefinedundefined"), "an inline handler sees no module variables: \(answer)")
        #expect(answer.contains("children=1"))
        #expect(answer.contains("reflected=post,multipart/form-data,rtl,t,true,use-credentials"), "\(answer)")
    }

    /// An inline handler is compiled with the window, document and element in scope, and
    /// nothing of domino's module; a body whose last line is a comment compiles (as in browsers).
    @Test func inlineHandlersSeeOnlyThePagesScope() throws {
        let e = try PageTestEngine.make()
        defer { e.close() }
        try e.evaluate("""
            var require = function () { return 'page require'; };
            document.body.innerHTML = '<form><input name=q value=1><button id=b onclick="return require() + \\' \\' + typeof module + \\' \\' + tagName // last line"></button></form>';
            """)
        #expect(try e.evaluate("document.getElementById('b').onclick()") == .string("page require undefined BUTTON"))
    }

    /// The page polluted after its DOM was installed (an HTML page's scripts).
    @Test(arguments: pollutions)
    func afterTheDOMIsInstalled(_ pollution: String) throws {
        let answer = try expected()
        let e = try PageTestEngine.make()
        defer { e.close() }
        try e.evaluate(pollution)
        #expect(try e.evaluate(Self.work).stringValue == answer)
    }

    /// The page polluted before its first touch of the DOM (a `.js` page: domino loads then).
    @Test(arguments: pollutions)
    func beforeTheDOMLoads(_ pollution: String) throws {
        let answer = try expected()
        let e = try PageTestEngine.make(.onDemand)
        defer { e.close() }
        try e.evaluate(pollution)
        #expect(try e.evaluate(Self.work).stringValue == answer)
        // What the page added is on Object.prototype again after domino's load, as it left it.
        let fresh = try PageTestEngine.make(.none)
        defer { fresh.close() }
        let describe = "Object.getOwnPropertyNames(Object.prototype).sort().map(function (k) { var d = Object.getOwnPropertyDescriptor(Object.prototype, k); return k + (d.enumerable ? '+' : '-') + Object.hasOwn(d, 'get') + Object.hasOwn(d, 'value'); }).join()"
        try fresh.evaluate(pollution)
        #expect(try e.evaluate(describe) == (try fresh.evaluate(describe)))
    }
}
