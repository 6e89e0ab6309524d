import Foundation
import Testing
import BridgeRuntimeTesting

/// `bridge-run run` of module and TypeScript files and `bridge-run test` of `.test.ts` files,
/// bundled by Debian's esbuild; errors name the original files and lines.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/esbuild"), "needs Debian's esbuild (scripts/bootstrap)"))
struct ModuleCommandTests {
    /// A directory of files for one test.
    final class Tree {
        let root: URL
        init(_ files: [String: String]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("modules-\(UUID().uuidString)").resolvingSymlinksInPath()
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: false, encoding: .utf8)
            }
        }
        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// Runs bridge-run in `directory` with extra environment variables.
    static func run(_ args: [String], in directory: URL, environment: [String: String] = [:]) async throws -> CLI.Result {
        let o = try await ChildProcess.run(CLI.binDirectory.appendingPathComponent("bridge-run"), args, in: directory, environment: environment)
        return CLI.Result(status: o.status, stdout: o.stdout, stderr: o.stderr, seconds: o.seconds)
    }

    @Test("a .ts app with an interface, an enum and a private field runs, bridge calls included")
    func typeScriptApp() async throws {
        let r = try await CLI.run(["run", "Examples/modules/app.ts", "--mock", "Examples/page/mock.json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["total 29.99, status Open", "hello Ada (level 3)"])
        #expect(r.stderr.isEmpty)
    }

    /// esbuild's metafile marks these imports external; they were refused as URL imports.
    @Test("type-only imports, static class fields and a require in a try run as in a browser")
    func importsThatAreNotURLs() async throws {
        let tree = try Tree([
            "types.ts": "export interface Item { id: number }\n",
            "use.ts": "import { Item } from './types';\nconst x: Item = { id: 1 };\nconsole.log('ok', x.id);\n",
            "fields.mjs": "export class A { static y = 2; }\nconsole.log('static', A.y);\n",
            "optional.mjs": "function f() { try { return require('./nope.cjs'); } catch { return 'fallback'; } }\nconsole.log(f());\n",
        ])
        for (file, line) in [("use.ts", "ok 1"), ("fields.mjs", "static 2"), ("optional.mjs", "fallback")] {
            let r = try await Self.run(["run", tree.path(file)], in: tree.root)
            #expect(r.status == 0, "\(file): \(r.stderr)")
            #expect(r.lines == [line], "\(file)")
        }
    }

    @Test("three local files, one imported by a bare name through --import-map")
    func importMapGraph() async throws {
        let r = try await CLI.run(["run", "Examples/modules/main.mjs", "--import-map", "Examples/modules/importmap.json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["price ¥19.99"])
        let without = try await CLI.run(["run", "Examples/modules/main.mjs"])
        #expect(without.status == 1)
        #expect(without.errorLines == [
            "bridge-run: Examples/modules/lib/format.mjs:1:22: Could not resolve \"money\" (a bare module name: map it to a local file in the page's <script type=\"importmap\">, or install the package under node_modules)",
        ])
    }

    @Test("an error thrown at run time in an imported .ts file is reported at the .ts line, its stack mapped")
    func runtimeErrorAtTheTypeScriptLine() async throws {
        let tree = try Tree([
            "main.ts": "import { check } from \"./lib/check\";\n\nenum Mode { A, B }\nconsole.log(\"mode\", Mode[Mode.B]);\nsetTimeout(() => { check(-1); }, 0);\ncheck(-2);\n",
            "lib/check.ts": "interface Limits {\n  min: number;\n}\nconst limits: Limits = { min: 0 };\n\nexport function check(n: number): void {\n  if (n < limits.min) {\n    throw new RangeError(`${n} is below ${limits.min}`);\n  }\n}\n",
        ])
        let r = try await Self.run(["run", "main.ts", "--trace", "trace.jsonl"], in: tree.root)
        #expect(r.status == 1)
        #expect(r.lines == ["mode B"])
        #expect(r.errorLines == ["bridge-run: lib/check.ts:8: uncaught RangeError: -2 is below 0", "bridge-run: lib/check.ts:8: uncaught RangeError: -1 is below 0"])
        let trace = try String(contentsOfFile: tree.path("trace.jsonl"), encoding: .utf8)
        #expect(trace.contains(#""stack":"check@lib/check.ts:8:15\n@main.ts:6:1"#), "trace: \(trace)")
        #expect(trace.contains(#""stack":"check@lib/check.ts:8:15\n@main.ts:5:20"#), "trace: \(trace)")
    }

    @Test("an unresolved import and a syntax error in an imported file: one line each at file:line:column, exit 1")
    func bundleErrors() async throws {
        let tree = try Tree([
            "a.mjs": "import { x } from \"./b.mjs\";\nimport { y } from \"./missing.mjs\";\nconsole.log(x, y);\n",
            "b.mjs": "export const x = 1;\n",
            "c.mts": "import { f } from \"./d.ts\";\nf();\n",
            "d.ts": "export function f(): void {\n  const v: number = ;\n}\n",
        ])
        let unresolved = try await Self.run(["run", "a.mjs"], in: tree.root)
        #expect(unresolved.status == 1)
        #expect(unresolved.stdout.isEmpty)
        #expect(unresolved.errorLines == ["bridge-run: a.mjs:2:19: Could not resolve \"./missing.mjs\" (no such file)"])
        let syntax = try await Self.run(["run", "c.mts"], in: tree.root)
        #expect(syntax.status == 1)
        #expect(syntax.errorLines == ["bridge-run: d.ts:2:21: Unexpected \";\""])
    }

    @Test("esbuild missing from PATH: the error names the Debian package, exit 1; a plain .js run still works")
    func esbuildMissing() async throws {
        let tree = try Tree(["a.ts": "console.log(1 as number);\n", "plain.js": "console.log('plain');\n"])
        let env = ["PATH": tree.path("empty"), "BRIDGE_ESBUILD": ""]
        let r = try await Self.run(["run", "a.ts"], in: tree.root, environment: env)
        #expect(r.status == 1)
        #expect(r.errorLines == ["bridge-run: esbuild not found on PATH: module scripts, .mjs and TypeScript files are bundled by esbuild; install the Debian package esbuild (apt-get install esbuild), or set BRIDGE_ESBUILD to its path"])
        let plain = try await Self.run(["run", "plain.js"], in: tree.root, environment: env)
        #expect(plain.status == 0)
        #expect(plain.lines == ["plain"])
    }

    @Test("--import-map is refused for HTML pages and when unreadable or invalid (exit 2)")
    func importMapOption() async throws {
        let page = try await CLI.run(["run", "Examples/page/index.html", "--import-map", "Examples/modules/importmap.json"])
        #expect(page.status == 2)
        #expect(page.errorLines == ["bridge-run: --import-map applies to module files; an HTML page's <script type=\"importmap\"> is its import map"])
        let missing = try await CLI.run(["run", "Examples/modules/main.mjs", "--import-map", "nope.json"])
        #expect(missing.status == 2)
        #expect(missing.errorLines == ["bridge-run: cannot read import map nope.json: no such file, not readable or not UTF-8"])
        let tree = try Tree(["m.json": #"{"imports": {}, "scopes": {}}"#, "a.mjs": "console.log(1)\n"])
        let scopes = try await Self.run(["run", "a.mjs", "--import-map", "m.json"], in: tree.root)
        #expect(scopes.status == 2)
        #expect(scopes.errorLines == ["bridge-run: m.json: \"scopes\" is not supported (esbuild maps names for the whole bundle); move the entries to \"imports\""])
        let bad = try Tree(["m.json": #"{"imports": {"bad": "./nope.js"}}"#, "a.mjs": "console.log(1)\n"])
        let entry = try await Self.run(["run", "a.mjs", "--import-map", "m.json"], in: bad.root)
        #expect(entry.status == 2, "a map given on the command line is checked whole")
        #expect(entry.errorLines == ["bridge-run: m.json: import map entry \"bad\": ./nope.js is \(bad.path("nope.js")), which does not exist"])
    }

    @Test("a .cjs file is bundled: its require of a local file works (it was run as a classic script)")
    func commonJSFile() async throws {
        let tree = try Tree(["lib.cjs": "module.exports = { v: 42 };\n", "main.cjs": "const { v } = require('./lib.cjs');\nconsole.log(v);\n"])
        let r = try await Self.run(["run", "main.cjs"], in: tree.root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == ["42"])
    }

    @Test("CSS a module file imports is in the document of a run of it (it was dropped)")
    func cssOfAModuleFile() async throws {
        let tree = try Tree([
            "s.css": ".a { color: red; }\n",
            "m.mjs": "import './s.css';\nconst styles = [...document.head.querySelectorAll('style')].map(s => s.textContent);\nconsole.log(styles.length, styles[0].includes('.a'));\n",
            "quiet.mjs": "import './s.css';\nconsole.log('no DOM touched');\n",
        ])
        let r = try await Self.run(["run", "m.mjs"], in: tree.root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == ["1 true"])
        let quiet = try await Self.run(["run", "quiet.mjs"], in: tree.root)
        #expect(quiet.lines == ["no DOM touched"], "the style waits for the DOM's first use")
    }

    @Test("a page's import map entry that cannot be applied is ignored with a warning; only the module that imports it fails")
    func badImportMapEntry() async throws {
        // One bad entry made every module script of the page fail, before any ran.
        let tree = try Tree([
            "vendor/good.js": "export default 'good';\n",
            "p.html": """
                <html><body>
                <script type="importmap">{"imports": {"good": "./vendor/good.js", "bad": "./vendor/missing.js", "cdn/": "https://cdn.example.com/x/"}}</script>
                <script type="module">import g from "good"; console.log("first", g);</script>
                <script type="module">import b from "bad"; console.log("second", b);</script>
                <script type="module">import c from "cdn/y.js"; console.log("third", c);</script>
                </body></html>
                """,
        ])
        let r = try await Self.run(["run", "p.html"], in: tree.root)
        #expect(r.status == 1)
        #expect(r.lines == [
            "p.html (importmap): import map entry \"bad\": ./vendor/missing.js is \(tree.path("vendor/missing.js")), which does not exist; it is ignored",
            "p.html (importmap): import map entry \"cdn/\": https://cdn.example.com/x/ is on the network; a run has none: map it to a local file, or serve it with --offline DIR; it is ignored",
            "first good",
        ])
        #expect(r.errorLines == [
            "bridge-run: p.html (module script #2):4:15: Could not resolve \"bad\" (p.html (importmap): import map entry \"bad\": ./vendor/missing.js is \(tree.path("vendor/missing.js")), which does not exist; the entry was left out)",
            "bridge-run: p.html (module script #3):5:15: Could not resolve \"cdn/y.js\" (p.html (importmap): import map entry \"cdn/\": https://cdn.example.com/x/ is on the network; a run has none: map it to a local file, or serve it with --offline DIR; the entry was left out)",
        ])
    }

    @Test("Preact 8 (Debian's ES module sources) and Vue 2 (vue.runtime.esm.js) import through an import map; pure functions work")
    func debianLibraries() async throws {
        let preact = "/usr/share/nodejs/preact/src/preact.js", vue = "/usr/share/nodejs/vue/dist/vue.runtime.esm.js"
        try #require(FileManager.default.fileExists(atPath: preact) && FileManager.default.fileExists(atPath: vue), "node-preact and node-vue (scripts/bootstrap --test)")
        let tree = try Tree([
            "importmap.json": #"{"imports": {"preact": "\#(preact)", "vue": "\#(vue)"}}"#,
            "libs.mjs": """
                import { h, cloneElement } from "preact";
                import Vue from "vue";
                const vnode = h("div", { id: "x" }, "hi");
                console.log("preact", vnode.nodeName, vnode.attributes.id, vnode.children.join(""));
                console.log("clone", cloneElement(vnode, { id: "y" }).attributes.id);
                console.log("vue", Vue.version, typeof Vue.nextTick);
                const Counter = Vue.extend({ data: () => ({ n: 3 }), computed: { square() { return this.n * this.n; } } });
                const vm = new Counter();
                vm.n = 4;
                console.log("computed", vm.square);
                vm.$watch("n", (v) => console.log("watched", v));
                vm.n = 5;
                """,
        ])
        let r = try await Self.run(["run", "libs.mjs", "--import-map", "importmap.json"], in: tree.root)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["preact div x hi", "clone y", "vue 2.6.14 function", "computed 16", "watched 5"])
    }

    @Test("a .tsx file with tsconfig.json's jsxFactory renders Preact vnodes")
    func tsxWithPreact() async throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/nodejs/preact/src/preact.js"), "node-preact (scripts/bootstrap --test)")
        let tree = try Tree([
            "tsconfig.json": #"{"compilerOptions": {"jsx": "react", "jsxFactory": "h"}}"#,
            "map.json": #"{"imports": {"preact": "/usr/share/nodejs/preact/src/preact.js"}}"#,
            "app.tsx": """
                import { h } from "preact";
                type Props = { name: string };
                const Hello = ({ name }: Props) => <b title={name}>hi {name}</b>;
                const vnode: any = <Hello name="Ada" />;
                const rendered: any = Hello(vnode.attributes);
                console.log(vnode.attributes.name, rendered.nodeName, rendered.attributes.title, rendered.children.join(""));
                """,
        ])
        let r = try await Self.run(["run", "app.tsx", "--import-map", "map.json"], in: tree.root)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["Ada b Ada hi Ada"])
    }

    @Test("test files: .test.ts and a .test.js that requires a .ts module are found in directories and pass")
    func testFilesPass() async throws {
        let r = try await CLI.run(["test", "Examples/modules/tests"])
        #expect(r.status == 0, "stdout: \(r.stdout) stderr: \(r.stderr)")
        #expect(r.lines.last == "4 passed, 0 failed")
        #expect(r.lines.filter { $0.hasPrefix("✓") }.count == 4)
    }

    @Test("a failing expect in a .test.ts file, and an error thrown in an imported module, are reported at the .ts lines")
    func failingTypeScriptTest() async throws {
        let tree = try Tree([
            "math.ts": "export enum Op { Add, Sub }\n\nexport function apply(op: Op, a: number, b: number): number {\n  if (op === Op.Sub) throw new Error(\"Sub is not done\");\n  return a + b;\n}\n",
            "math.test.ts": """
                import { apply, Op } from "./math";

                interface Case { a: number; b: number; sum: number }
                const cases: Case[] = [{ a: 1, b: 2, sum: 4 }];

                test("adds", () => {
                  for (const c of cases) {
                    expect(apply(Op.Add, c.a, c.b)).toBe(c.sum);
                  }
                });

                test("subtracts", () => {
                  expect(apply(Op.Sub, 3, 1)).toBe(2);
                });

                """,
            "broken.test.ts": "import { nope } from \"./nowhere\";\ntest(\"x\", () => nope());\n",
        ])
        let r = try await Self.run(["test", "."], in: tree.root)
        #expect(r.status == 1)
        #expect(r.lines.filter { !$0.hasPrefix("Time: ") } == [
            "✗ ./broken.test.ts",
            "    Could not resolve \"./nowhere\" (no such file)",
            "    at ./broken.test.ts:1",
            "✗ ./math.test.ts > adds",
            "    expect(received).toBe(expected)",
            "    Expected: 4",
            "    Received: 3",
            "    at ./math.test.ts:8",
            "✗ ./math.test.ts > subtracts",
            "    Error: Sub is not done",
            "    at ./math.test.ts:13",
            "Failures (3):",
            "  ✗ ./broken.test.ts (did not load): Could not resolve \"./nowhere\" (no such file)",
            "  ✗ ./math.test.ts > adds: expect(received).toBe(expected)",
            "  ✗ ./math.test.ts > subtracts: Error: Sub is not done",
            "0 passed, 3 failed",
        ].filter { !$0.isEmpty }, "stdout: \(r.stdout)")
    }
}
