import Foundation
import Testing

/// The platform behaviours the library pages stand on, one page each (Examples/pages/platform):
/// bridge-run prints what a browser prints, and Debian's node-jsdom the same, except where jsdom
/// is not a browser (it runs defer scripts while readyState is still "loading"; the HTML
/// standard runs them at "interactive", as browsers do).
@Suite struct PagePlatformTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var about: String
        var mock: String?
        var status: Int32
        var lines: [String]
        /// Lines jsdom prints instead (keyed by the browser's line), for a reordering compare sorted.
        var jsdom: [String: String]
        init(_ name: String, _ about: String, _ mock: String?, status: Int32, _ lines: [String], jsdom: [String: String] = [:]) {
            self.name = name
            self.about = about
            self.mock = mock
            self.status = status
            self.lines = lines
            self.jsdom = jsdom
        }
        var page: String { "Examples/pages/platform/\(name).html" }
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(#"current-script"#, #"document.currentScript in head, external, body, inserted and timer scripts"#, nil, status: 0,
             [
                #"inline: head-inline theme=dark in HEAD"#,
                #"external: external widget=chat src ends with js/current.js"#,
                #"body: body-inline, scripts so far: 3"#,
                // An inline script inserted by a script runs at its insertion, as in browsers
                // (jsdom runs it after the inserting script while the page is parsed).
                #"inserted: inserted"#,
                #"after insert: body-inline"#,
                #"in a timer: null"#,
             ],
             jsdom: ["inserted: inserted": "inserted: inserted"]),
        Case(#"inline-handlers"#, #"on* attributes and properties, return false, <body onload>"#, nil, status: 0,
             [
                #"onclick: save click primary"#,
                #"link clicked"#,
                #"onsubmit: f"#,
                #"outer onclick, target inner"#,
                #"typeof onclick: function"#,
                #"replaced handler"#,
                #"property handler"#,
                #"hash after clicks: """#,
                #"body onload: complete"#,
             ]),
        Case(#"listener-error"#, #"a throwing listener: the window error event, the other listeners and scripts go on"#, nil, status: 1,
             [
                #"first listener"#,
                #"window error event: payment widget broke | error is an Error: true"#,
                #"third listener still runs"#,
                #"after click: the script goes on"#,
                #"the next script runs"#,
                #"a later task runs too"#,
             ]),
        Case(#"script-order"#, #"parser, blocking, defer and async scripts with readyState, DOMContentLoaded and load; a src script's own load event"#, nil, status: 0,
             [
                #"head inline: loading"#,
                #"body inline, sees #late: true: loading"#,
                #"blocking external: loading"#,
                #"blocking onload: loading"#,
                #"after the blocking script: loading"#,
                #"readystatechange: interactive"#,
                #"deferred-2 (first in the document): interactive"#,
                #"deferred-1 (second in the document): interactive"#,
                #"DOMContentLoaded: interactive"#,
                #"readystatechange: complete"#,
                #"load: complete"#,
                #"async ran before load: true"#,
             ],
             jsdom: ["deferred-2 (first in the document): interactive": "deferred-2 (first in the document): loading", "deferred-1 (second in the document): interactive": "deferred-1 (second in the document): loading", "readystatechange: interactive": "readystatechange: interactive"]),
        Case(#"script-errors"#, #"a script's top-level error and a timer's reach window.onerror and the error event; a missing src fires the element's error event and the page goes on; data: scripts run"#, nil, status: 1,
             [
                #"onerror: config is missing | TypeError | line is a number: true"#,
                #"error event: config is missing | same error: true"#,
                #"the next script runs"#,
                #"script error event: js/no-such-file.js"#,
                #"a data: script runs"#,
                #"and a base64 one"#,
                #"onerror: timer broke | RangeError | line is a number: true"#,
                #"error event: timer broke | same error: true"#,
                #"later timers still run"#,
             ]),
        Case(#"selectors"#, #"invalid selectors throw a DOMException named SyntaxError"#, nil, status: 0,
             [
                #"li[ -> querySelector:true/SyntaxError/12 querySelectorAll:true/SyntaxError/12 matches:true/SyntaxError/12 closest:true/SyntaxError/12"#,
                #"##a -> querySelector:true/SyntaxError/12 querySelectorAll:true/SyntaxError/12 matches:true/SyntaxError/12 closest:true/SyntaxError/12"#,
                #"li:nosuch( -> querySelector:true/SyntaxError/12 querySelectorAll:true/SyntaxError/12 matches:true/SyntaxError/12 closest:true/SyntaxError/12"#,
                #"> li -> querySelector:true/SyntaxError/12 querySelectorAll:true/SyntaxError/12 matches:true/SyntaxError/12 closest:true/SyntaxError/12"#,
                #"valid: 1 true UL"#,
             ]),
        Case(#"template"#, #"<template> content cloned and imported, filled from the bridge"#, #"Examples/pages/platform/template.json"#, status: 0,
             [
                #"content: #document-fragment, template children: 0, in content: 1"#,
                #"not in the document: 0"#,
                #"rows: 3, template still empty-handed: 0"#,
                #"html: <tr class="row"><td class="name">Tea</td><td class="qty">2</td></tr><tr class="row"><td class="name">Scones</td><td class="qty">6</td></tr><tr class="row total"><td class="name">Total</td><td class="qty"></td></tr>"#,
                #"template html: <tr class="row"><td class="name"></td><td class="qty"></td></tr>"#,
             ]),
    ]

    @Test(arguments: cases)
    func theRunPrintsWhatABrowserPrints(_ c: Case) async throws {
        let r = try await CLI.run(["run", c.page] + (c.mock.map { ["--mock", $0] } ?? []))
        #expect(r.status == c.status, "\(c.name): \(r.stderr)")
        #expect(r.lines == c.lines, "\(c.name) (\(c.about))")
        if c.status == 0 { #expect(r.stderr.isEmpty, "\(r.stderr)") }
    }

    @Test(arguments: cases)
    func jsdomAgrees(_ c: Case) async throws {
        let r = try await JSDOMReference.run(c.page, mock: c.mock)
        #expect(r.status == c.status, "\(c.name): \(r.stderr)")
        let expected = c.lines.map { c.jsdom[$0] ?? $0 }
        if c.jsdom.isEmpty {
            #expect(r.lines == expected, "\(c.name) in jsdom")
        } else {
            #expect(r.lines.sorted() == expected.sorted(), "\(c.name) in jsdom")
        }
    }

    /// The run's report is unchanged by the error events: each error at its line, the missing
    /// file named, exit 1.
    @Test func failingScriptsAreReportedAndThePageGoesOn() async throws {
        let r = try await CLI.run(["run", "Examples/pages/platform/script-errors.html"])
        #expect(r.status == 1)
        #expect(r.errorLines == [
            "bridge-run: Examples/pages/platform/script-errors.html (inline script #2):18: uncaught TypeError: config is missing",
            "bridge-run: Examples/pages/platform/script-errors.html: script src 'js/no-such-file.js' not found (\(CLI.root.path)/Examples/pages/platform/js/no-such-file.js)",
            "bridge-run: Examples/pages/platform/script-errors.html (inline script #4):25: uncaught RangeError: timer broke",
        ])
    }

    /// Scripts `document.write` adds while the page is parsed run, in order, before the rest of
    /// the page. (A browser runs the written inline script inside the `write` call, before "the
    /// writing script ends"; here it runs right after the writing script. jsdom runs no written
    /// `src` script, so it is no reference for this page.)
    @Test func scriptsWrittenDuringParsingRun() async throws {
        let r = try await CLI.run(["run", "Examples/pages/platform/document-write.html"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == [
            "the writing script ends",
            "written inline script, sees #written: true",
            "written src script: sees #written: true",
            "order: first written after | scripts: 4",
        ])
    }

    /// An inline handler's error names the page and the handler, at the handler's own line (it
    /// named neither: `line 2: uncaught …`), in the report and the window's error event; a
    /// handler that does not compile throws its SyntaxError when it runs, named the same way; an
    /// error thrown by a function the handler calls keeps that function's place; the page goes on.
    @Test func inlineHandlerErrorsNameThePage() async throws {
        let r = try await CLI.run(["run", "Examples/pages/platform/handler-errors.html"])
        #expect(r.status == 1)
        #expect(r.lines == [
            "paying",
            "error event: handler-errors.html (onclick handler):2",
            "error event: handler-errors.html (onclick handler):1",
            "error event: handler-errors.html (inline script #1):14",
            "ok handler still runs",
            "the page goes on",
        ])
        #expect(r.errorLines == [
            "bridge-run: Examples/pages/platform/handler-errors.html (onclick handler):2: uncaught ReferenceError: Can't find variable: submitPayment",
            "bridge-run: Examples/pages/platform/handler-errors.html (onclick handler):1: uncaught SyntaxError: Unexpected token '}'. Expected ')' to end an argument list.",
            "bridge-run: Examples/pages/platform/handler-errors.html (inline script #1):14: uncaught Error: refund failed",
        ])
    }

    /// The naming touches nothing else: a page's read-only `Object.prototype.name` or a `.js`
    /// page's `WeakMap` methods replaced before its first DOM touch leave its handlers and their
    /// errors as they were; an error of a function the handler calls (made by `new Function`,
    /// as template engines do) and a thrown plain object keep what they had, unchanged.
    @Test func inlineHandlerNamingLeavesOthersAlone() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("handler-naming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func page(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let readOnlyName = try page("name.html", """
            <!DOCTYPE html><html><body>
            <script>Object.defineProperty(Object.prototype, 'name', { value: 'ro', writable: false, configurable: true });</script>
            <button id=b onclick="console.log('handler ran')">b</button>
            <script>document.getElementById('b').click(); console.log('after click');</script>
            </body></html>
            """)
        let a = try await CLI.run(["run", readOnlyName])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.lines == ["handler ran", "after click"])
        let weakMaps = try page("weakmap.js", """
            WeakMap.prototype.get = function () { throw new Error('page WeakMap.get'); };
            WeakMap.prototype.set = function () { throw new Error('page WeakMap.set'); };
            var b = document.createElement('button'); document.body.appendChild(b);
            b.onclick = function () { throw new Error('in handler'); };
            b.addEventListener('click', function () { console.log('listener ran'); });
            b.setAttribute('onmouseover', "console.log('inline handler ran')");
            b.click(); b.dispatchEvent(new MouseEvent('mouseover')); console.log('after');
            """)
        let b = try await CLI.run(["run", weakMaps])
        #expect(b.status == 1)
        #expect(b.lines == ["listener ran", "inline handler ran", "after"])
        #expect(b.errorLines == ["bridge-run: \(weakMaps):4: uncaught Error: in handler"])
        let others = try page("others.html", """
            <!DOCTYPE html><html><body>
            <button id=a onclick="tpl()">a</button><button id=c onclick="f()">c</button>
            <script>
            var tpl = new Function("var x = 1;\\nthrow new Error('from new Function body')");
            var CANCEL = { message: 'cancelled' };
            function f() { throw CANCEL; }
            document.getElementById('a').click(); document.getElementById('c').click();
            console.log(Object.getOwnPropertyNames(CANCEL).join());
            </script></body></html>
            """)
        let c = try await CLI.run(["run", others])
        #expect(c.lines == ["message"])
        #expect(c.errorLines == ["bridge-run: line 4: uncaught Error: from new Function body", "bridge-run: uncaught { message: 'cancelled' }"])
    }

    @Test func aThrowingListenerIsReportedAtItsLine() async throws {
        let r = try await CLI.run(["run", "Examples/pages/platform/listener-error.html"])
        #expect(r.errorLines == ["bridge-run: Examples/pages/platform/listener-error.html (inline script #1):13: uncaught Error: payment widget broke"])
    }

    @Test func reflectedURLsResolveAsTheURLStandardDoes() async throws {
        // domino's resolver gave `blob://null/x` for `blob:null/x` (so a revoke by `script.src`
        // missed) and kept spaces around an href as %20.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reflect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let page = dir.appendingPathComponent("r.html").path
        try """
            <html><body><a id=a href="  /root  "></a><a id=b href="x\ny.html"></a><a id=c href="http://[bad"></a>
            <img id=d src="http://cdn.example/lib/../app.png"><a id=e href="mailto:a@b.example"></a><script>
            const s = document.createElement('script'); s.src = 'blob:null/x';
            console.log(s.src);
            for (const id of ['a', 'b', 'c', 'd', 'e']) { const el = document.getElementById(id); console.log(el.href || el.src); }
            </script></body></html>
            """.write(toFile: page, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", page])
        #expect(r.lines == ["blob:null/x", "file:///root", "file://\(dir.path)/xy.html", "http://[bad", "http://cdn.example/app.png", "mailto:a@b.example"], "\(r.stderr)")
    }

    @Test func everyScriptAnInlineScriptInsertsWhileThePageIsParsedRuns() async throws {
        // They were taken for the parser's own scripts, of which it keeps two: of eight inserted
        // <script src> elements only the last two ran, and the others got no load or error.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inserted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for i in 1...8 { try "console.log('z\(i) ran')".write(to: dir.appendingPathComponent("z\(i).js"), atomically: true, encoding: .utf8) }
        let page = dir.appendingPathComponent("p.html").path
        try """
            <!doctype html><html><head><script>
            for (let i = 1; i <= 8; i++) {
              const s = document.createElement('script'); s.src = 'z' + i + '.js';
              s.onload = () => console.log('load ' + i);
              document.head.appendChild(s);
            }
            </script></head><body><script>document.write('<script src="z1.js"><\\/script>'); console.log('parsed on')</script></body></html>
            """.write(toFile: page, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", page])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == ["parsed on", "z1 ran"] + (1...8).flatMap { ["z\($0) ran", "load \($0)"] }, "\(r.lines)")
    }

    @Test func theLoadEventWaitsForInsertedScriptsAndFragmentScriptsNeverRun() async throws {
        // A loader snippet's script ran after window load (its load listener never fired), and
        // scripts made by innerHTML or insertAdjacentHTML ran (browsers run none).
        let dir = try CLI.folder([
            "app.js": "console.log('app.js runs'); window.addEventListener('load', () => console.log('app init on load'));",
            "p.html": """
                <!doctype html><html><head><script>
                var s = document.createElement('script'); s.src = 'app.js'; document.head.appendChild(s);
                </script></head><body><script>
                document.body.insertAdjacentHTML('beforeend', '<script>console.log("fragment script ran")<\\/script>');
                const d = document.createElement('div'); d.innerHTML = '<script>console.log("innerHTML script ran")<\\/script>'; document.body.appendChild(d);
                document.body.innerHTML += '';
                window.addEventListener('load', () => console.log('page load event'));
                </script></body></html>
                """,
        ])
        let r = try await CLI.run(["run", dir + "/p.html"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == ["app.js runs", "page load event", "app init on load"], "the page registered its listener first")
    }
}
