import Foundation
import Testing
import BridgeRuntimeTesting

/// Pages whose code is ES modules, bundled by Debian's esbuild with the page's import map:
/// Preact 8 from Debian's node-preact sources, Vue 3 (not in Debian: its ES module build from
/// NiceGUI's pinned wheel on PyPI, installed by `scripts/bootstrap --test`), and a Vite-style app
/// (`<script type="module" src="/src/main.js">`, local imports, an import map, a CSS import).
/// Each prints what a browser prints; node-jsdom, which runs no module scripts, gets the same
/// modules bundled by esbuild (scripts/jsdom-reference.js) and prints the same, except where
/// that stand-in is not a module: there the bundle runs as a classic script at the end of <body>
/// (`document.currentScript` is the element, `readyState` still "loading").
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/esbuild"), "needs Debian's esbuild (scripts/bootstrap)"))
struct ModulePageTests {
    static let vue3Path = "/usr/local/share/javascript/vue3/vue.esm-browser.prod.js"

    static let preact: RealLibraryPageTests.Page = .init(#"preact"#, #"Preact 8 from its ES module sources: class components, setState, events, a form submit"#,
        [
            #"mounted: <p class="loading">Loading…</p>"#,
            #"right after render: <p class="loading">Loading…</p>"#,
            #"loaded: T-1::Black tea × 1 | C-2:many:Coffee beans × 2 | Total $29.25"#,
            #"after +: T-1:many:Black tea × 2 | C-2:many:Coffee beans × 2 | Total $33.50"#,
            #"note: ring twice"#,
            #"ordered: Order O-77"#,
            #"html: <form><ul><li data-sku="T-1" class="many">Black tea × 2 <button>+</button></li><li data-sku="C-2" class="many">Coffee beans × 2 <button>+</button></li></ul><input id="note"><p class="total">Total $33.50</p><p class="order">Order O-77</p><button type="submit">Check out</button></form>"#,
        ])

    static let vue: RealLibraryPageTests.Page = .init(#"vue3"#, #"Vue 3: an in-DOM template, a component with props and emits, ref/computed/watch, v-model, nextTick"#,
        [
            #"Vue 3.5.22"#,
            #"mounted: <h1 title="ada@example.com">Tasks of Ada (0 of 0)</h1> loading"#,
            #"loaded: Tasks of Ada (3 of 3) | ✓ Write the spec [done] | ○ Review <patch> | ○ Plan the release | 2 left"#,
            #"toggled: ✓ Write the spec [done] | ✓ Review <patch> [done] | ○ Plan the release | 1 left"#,
            #"model: "re" (DOM not yet updated: 3)"#,
            #"watch query: "" -> "re""#,
            #"filtered: ✓ Review <patch> [done] | ○ Plan the release | Tasks of Ada (2 of 3)"#,
            #"hide done: true | ○ Plan the release"#,
            #"saves: 2:true"#,
            #"html: <ul><li class=""><button class="mark">○</button> Plan the release</li></ul>"#,
        ])

    static let vite: RealLibraryPageTests.Page = .init(#"vite"#, #"a Vite-style app: /src/main.js, local imports, preact by the import map, a CSS import"#,
        [
            #"styles: 1, shipped rule: true"#,
            #"module: currentScript=null readyState=interactive"#,
            #"loaded: 3 orders | A1 ¥12.50, B2 ¥3.99, C3 ¥870.00"#,
            #"shipped: 2 orders | on: shipped"#,
            #"html: <main><nav><button data-filter="all" class="">all</button><button data-filter="shipped" class="on">shipped</button><button data-filter="packed" class="">packed</button></nav><ul><li class="order shipped">A1 ¥12.50</li><li class="order shipped">C3 ¥870.00</li></ul><p class="summary">2 orders</p></main>"#,
        ],
        jsdom: [1: #"module: currentScript=[object HTMLScriptElement] readyState=loading"#]) // the reference runs the bundle as a classic script

    static func check(_ page: RealLibraryPageTests.Page) async throws {
        let r = try await CLI.run(["run", page.page, "--mock", page.mock])
        #expect(r.status == 0, "\(page.name): \(r.stderr)")
        #expect(r.stderr.isEmpty, "\(page.name): \(r.stderr)")
        #expect(r.lines == page.lines, "\(page.name) (\(page.about))")
        let j = try await JSDOMReference.run(page.page, mock: page.mock)
        #expect(j.status == 0, "\(page.name) in jsdom: \(j.stderr)")
        #expect(j.lines == page.jsdomLines, "\(page.name) in jsdom")
    }

    @Test func preactFromDebiansSources() async throws { try await Self.check(Self.preact) }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: vue3Path), "Vue 3 is not installed at \(vue3Path): scripts/bootstrap --test fetches it from PyPI (NiceGUI's wheel)"))
    func vue3FromItsESModuleBuild() async throws { try await Self.check(Self.vue) }

    @Test func aViteStyleApp() async throws { try await Self.check(Self.vite) }

    /// A module of the app that imports a file that is not there: the page fails with the
    /// original file and line, nothing of the app runs, exit 1.
    @Test func aFailingImportIsReportedAtItsFileAndLine() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vite-\(UUID().uuidString)").resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("Examples/pages/vite"), to: dir)
        let store = dir.appendingPathComponent("src/store.js")
        let text = try String(contentsOf: store, encoding: .utf8)
        try text.replacingOccurrences(of: "import { plural } from './lib/format.js';\n", with: "import { plural } from './lib/format.js';\nimport { nope } from './lib/missing.js';\n")
            .write(to: store, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", "index.html", "--mock", "mock.json"], in: dir)
        #expect(r.status == 1)
        #expect(r.lines.isEmpty)
        #expect(r.errorLines == [#"bridge-run: src/store.js:2:22: Could not resolve "./lib/missing.js" (no such file)"#])
    }
}
