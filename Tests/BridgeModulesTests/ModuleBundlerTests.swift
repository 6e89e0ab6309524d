import Foundation
import Testing
@testable import BridgeModules

@Suite(.enabled(if: esbuildInstalled, "needs Debian's esbuild (scripts/bootstrap)"))
struct ModuleBundlerTests {
    @Test("an inline module, two local files and an import map become one script whose map names the originals")
    func graph() throws {
        let tree = try TempTree([
            "lib/b.ts": "export function fail(msg: string): never {\n  throw new Error(\"from b: \" + msg);\n}\n",
            "vendor/util.js": "export default function util(x) {\n  return x + 100;\n}\n",
        ])
        let entry = "import { fail } from \"./lib/b\";\nimport util from \"util\";\nconsole.log(\"entry\", util(1));\nfail(\"x\");\n"
        let map = try ImportMap(json: #"{"imports": {"util": "./vendor/util.js"}}"#, baseURL: "file://\(tree.path("index.html"))", baseDirectory: tree.root, name: "index.html (importmap)")
        let bundle = try ModuleBundler().bundle(
            .inline(source: entry, resolveDirectory: tree.root, name: "index.html (module script #1)", line: 10), importMap: map)
        #expect(bundle.sourceURL == "index.html (module script #1) (bundle)")
        #expect(bundle.name == "index.html (module script #1)")
        #expect(!bundle.code.contains("import "))
        #expect(!bundle.code.contains("sourceMappingURL"))
        #expect(bundle.code.hasPrefix("\"use strict\";\n(() => {"))
        #expect(bundle.sourceMap.sources.sorted() == [tree.path("lib/b.ts"), tree.path("vendor/util.js"), "index.html (module script #1)"])
        #expect(bundle.inputs == [tree.path("lib/b.ts"), tree.path("vendor/util.js")])
        let code = bundle.code
        let throwLine = try #require(line(of: "throw new Error(\"from b: \"", in: code))
        let throwColumn = try #require(column(of: "Error(", in: code.split(separator: "\n", omittingEmptySubsequences: false)[throwLine - 1].description))
        #expect(bundle.sourceMap.original(line: throwLine, column: throwColumn)?.description == "\(tree.path("lib/b.ts")):2:13")
        let logLine = try #require(line(of: "console.log(\"entry\"", in: code))
        #expect(bundle.sourceMap.original(line: logLine, column: 3)?.description == "index.html (module script #1):12:1")
        let returnLine = try #require(line(of: "return x + 100", in: code))
        #expect(bundle.sourceMap.original(line: returnLine, column: 5)?.description == "\(tree.path("vendor/util.js")):2:3")
        #expect(bundle.sourceMap.sourcesContent.contains("export default function util(x) {\n  return x + 100;\n}\n"))
    }

    @Test("a name mapped both to a file and, with a slash, to a directory gets both (the import map standard's own example)")
    func nameAndPrefix() throws {
        // esbuild's alias maps a name and its subpaths to one path: the two entries made one
        // alias, which broke one of them.
        // (The file is not the directory's name plus `.js`: esbuild tries that file before the
        // directory, which hid the bug for that layout.)
        let tree = try TempTree([
            "vendor/lodash-es/lodash.js": "export default 'whole';\n",
            "vendor/lodash-es/debounce.js": "export default 'debounce';\n",
            "vendor/lodash-es/fp/map.js": "export default 'fp/map';\n",
            "vendor/lodash-es/package.json": #"{"main": "debounce.js"}"#,
            "vendor/scoped/main.js": "export default 'scoped';\n",
            "vendor/scoped/sub.js": "export default 'scoped sub';\n",
        ])
        let entry = """
            import whole from "lodash"; import debounce from "lodash/debounce.js"; import map from "lodash/fp/map.js";
            import scoped from "@scope/pkg"; import sub from "@scope/pkg/sub.js";
            console.log(whole, debounce, map, scoped, sub);
            """
        let map = try ImportMap(
            json: #"{"imports": {"lodash": "./vendor/lodash-es/lodash.js", "lodash/": "./vendor/lodash-es/", "@scope/pkg": "./vendor/scoped/main.js", "@scope/pkg/": "./vendor/scoped/"}}"#,
            baseURL: "file://\(tree.path("index.html"))", baseDirectory: tree.root, name: "index.html (importmap)")
        let bundle = try ModuleBundler().bundle(.inline(source: entry, resolveDirectory: tree.root, name: "index.html (module script #1)", line: 1), importMap: map)
        for text in ["whole", "debounce", "fp/map", "scoped", "scoped sub"] { #expect(bundle.code.contains("= \"\(text)\";"), "\(text)") }
        #expect(bundle.inputs.sorted() == [
            tree.path("vendor/lodash-es/debounce.js"), tree.path("vendor/lodash-es/fp/map.js"), tree.path("vendor/lodash-es/lodash.js"),
            tree.path("vendor/scoped/main.js"), tree.path("vendor/scoped/sub.js"),
        ], "the real files, not the links")
    }

    @Test("pairs inside pairs resolve by their own entries and never write into the source tree; a package.json keeps its fields; a missing subpath names the real directory")
    func nestedPairs() throws {
        // The first version named its links after the key: the pair `pkg/addon` was made through
        // the link `pkg/addon` of the pair `pkg`, into the user's folder (its package.json
        // overwritten), and a key with `..` wrote outside the build's folder.
        let tree = try TempTree([
            "vendor/pkg/index.js": "export default 'PKG';\n",
            "vendor/pkg/package.json": #"{"name":"pkg","version":"0.1.0","module":"nope.js"}"#,
            "vendor/pkg/addon/index.js": "export default 'PKG-ADDON-INDEX';\n",
            "vendor/pkg/addon/package.json": #"{"name":"pkg-addon","version":"1.2.3","main":"index.js"}"#,
            "addons/addon.js": "export default 'ADDON';\n",
            "addons/addon/x.js": "export default 'ADDON-X';\n",
            "addons/addon/package.json": #"{"name":"addon","version":"2.0.0","module":"x.js"}"#,
        ])
        let map = try ImportMap(
            json: #"{"imports": {"pkg": "./vendor/pkg/index.js", "pkg/": "./vendor/pkg/", "pkg/addon": "./addons/addon.js", "pkg/addon/": "./addons/addon/", "z/../../x": "./addons/addon.js", "z/../../x/": "./addons/addon/"}}"#,
            baseURL: "file://\(tree.path("index.html"))", baseDirectory: tree.root, name: "map.json")
        let entry = "import a from 'pkg'; import b from 'pkg/addon'; import c from 'pkg/addon/x.js'; import p from 'pkg/package.json';\nconsole.log(a, b, c, p.version);\n"
        let bundle = try ModuleBundler().bundle(.inline(source: entry, resolveDirectory: tree.root, name: "m.mjs", line: 1), importMap: map)
        // Names inside a mapped name resolve by their own entries, as in browsers (esbuild tried
        // overlapping aliases in random order).
        for text in ["PKG", "ADDON", "ADDON-X"] { #expect(bundle.code.contains("= \"\(text)\";"), "\(text)") }
        #expect(!bundle.code.contains("PKG-ADDON-INDEX"))
        #expect(bundle.code.contains("0.1.0"), "the directory's package.json, with main replaced")
        let untouched = try String(contentsOfFile: tree.path("vendor/pkg/addon/package.json"), encoding: .utf8)
        #expect(untouched == #"{"name":"pkg-addon","version":"1.2.3","main":"index.js"}"#)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("vendor/pkg/addon")).sorted() == ["index.js", "package.json"])
        #expect(map.usableAliases(resolveURL: nil).refused.map(\.key) == ["z/../../x", "z/../../x/"])
        let missing = #expect(throws: ModuleError.self) {
            try ModuleBundler().bundle(.inline(source: "import m from 'pkg/nope.js';\n", resolveDirectory: tree.root, name: "n.mjs", line: 1), importMap: map)
        }
        #expect(missing?.lines.first?.contains(tree.path("vendor/pkg/nope.js")) == true, "\(missing?.lines ?? [])")
        #expect(missing?.lines.first?.contains("import-map") == false)
    }

    @Test("two names each with a name inside (react, react/jsx-runtime, react-dom, react-dom/client); an applied entry inside a left-out prefix")
    func severalGroups() throws {
        // The second group's directory of links took the first one's number ("File exists"), and
        // an import an applied entry maps was failed for a left-out prefix around it.
        let tree = try TempTree([
            "v/react.js": "export default 'react';\n", "v/jsx.js": "export default 'jsx-runtime';\n",
            "v/react-dom.js": "export default 'react-dom';\n", "v/client.js": "export default 'client';\n",
            "v/addon.js": "export default 'addon';\n",
        ])
        let map = try ImportMap(
            json: #"{"imports": {"react": "./v/react.js", "react/jsx-runtime": "./v/jsx.js", "react-dom": "./v/react-dom.js", "react-dom/client": "./v/client.js", "pkg/": "./nothere/", "pkg/addon": "./v/addon.js"}}"#,
            baseURL: "file://\(tree.path("index.html"))", baseDirectory: tree.root, name: "index.html (importmap)")
        let entry = "import a from 'react'; import b from 'react/jsx-runtime'; import c from 'react-dom'; import d from 'react-dom/client'; import e from 'pkg/addon';\nconsole.log(a, b, c, d, e);\n"
        let bundle = try ModuleBundler().bundle(.inline(source: entry, resolveDirectory: tree.root, name: "m.mjs", line: 1), importMap: map)
        for text in ["react", "jsx-runtime", "react-dom", "client", "addon"] { #expect(bundle.code.contains("= \"\(text)\";"), "\(text)") }
    }

    @Test("TypeScript types, enums and interfaces are compiled away; process.env.NODE_ENV is \"production\"")
    func typeScript() throws {
        let tree = try TempTree(["app.ts": """
            interface P { n: number }
            enum Color { Red, Green }
            const p: P = { n: Color.Green };
            if (process.env.NODE_ENV !== "production") console.log("dev");
            console.log(p.n as number, Color[0]);
            """])
        let bundle = try ModuleBundler().bundle(.file(path: tree.path("app.ts"), name: "app.ts"))
        #expect(!bundle.code.contains("interface"))
        #expect(!bundle.code.contains(": P"))
        #expect(!bundle.code.contains("process.env"))
        #expect(bundle.code.contains("Color2[Color2[\"Green\"] = 1] = \"Green\""))
        #expect(bundle.sourceMap.sources == ["app.ts"])
        var development = ModuleBundler.Options()
        development.define["process.env.NODE_ENV"] = "\"development\""
        let dev = try ModuleBundler(options: development).bundle(.file(path: tree.path("app.ts"), name: "app.ts"))
        // esbuild folds the comparison (it does not drop the dead branch without --minify).
        #expect(dev.code.contains("if (true)"))
        #expect(bundle.code.contains("if (false)"))
    }

    @Test("an unresolved import is reported at the importing file's line and column")
    func unresolved() throws {
        let tree = try TempTree(["a.ts": "import { x } from \"./b\";\nimport { y } from \"./nope\";\nimport vue from \"vue\";\nconsole.log(x, y, vue);\n", "b.ts": "export const x = 1;\n"])
        let error = try #require(throws: ModuleError.self) { try ModuleBundler().bundle(.file(path: tree.path("a.ts"), name: "src/a.ts")) }
        #expect(error.kind == .build)
        #expect(error.lines == [
            "src/a.ts:2:19: Could not resolve \"./nope\" (no such file)",
            "src/a.ts:3:17: Could not resolve \"vue\" (a bare module name: map it to a local file in the page's <script type=\"importmap\">, or install the package under node_modules)",
        ])
    }

    @Test("a syntax error in an imported file names that file; in inline text, the page line")
    func syntaxError() throws {
        let tree = try TempTree(["main.js": "import { f } from \"./lib/bad.ts\";\nf();\n", "lib/bad.ts": "export function f() {\n  return 1;\n  let = ;\n}\n"])
        let error = try #require(throws: ModuleError.self) { try ModuleBundler().bundle(.file(path: tree.path("main.js"))) }
        #expect(error.lines == ["\(tree.path("lib/bad.ts")):3:9: Unexpected \";\""])
        let inline = try #require(throws: ModuleError.self) {
            try ModuleBundler().bundle(.inline(source: "const a = 1;\nconst = 2;\n", resolveDirectory: tree.root, name: "p.html (module script #2)", line: 7))
        }
        #expect(inline.lines == ["p.html (module script #2):8:7: Expected identifier but found \"=\""])
    }

    @Test("a URL import (which esbuild leaves to the network) is an error at its line")
    func urlImport() throws {
        let tree = try TempTree([:])
        let error = try #require(throws: ModuleError.self) {
            try ModuleBundler().bundle(.inline(source: "// app\nimport x from \"https://cdn.example/x.js\";\nx();\n", resolveDirectory: tree.root, name: "i.html (module script #1)"))
        }
        #expect(error.kind == .build)
        #expect(error.lines == ["i.html (module script #1):2:15: cannot import \"https://cdn.example/x.js\": URL imports are not bundled and a run has no network; import a local file by its path, or by a bare name the page's import map maps to a local file"])
    }

    /// esbuild's metafile marks these external too; none is a URL, and none stops the bundle.
    @Test("imports used only as types, esbuild's helpers and unresolved requires in a try are not URL imports", arguments: [
        ("a.ts", "import { Item } from \"./types\";\nimport * as T from \"./types\";\nconst x: Item = { id: 1 };\nconst y: T.Item = x;\nconsole.log(y.id);\n"),
        ("a.mjs", "export class A { static y = 2; }\nconsole.log(A.y);\n"),
        ("a.ts", "function dec(c: any) { return c; }\n@dec class B { static z = 3; }\nconsole.log(B.z);\n"),
        ("a.mjs", "function f() { try { return require(\"./nope.cjs\"); } catch { return \"fallback\"; } }\nconsole.log(f());\n"),
        ("a.mjs", "import(\"./nope.mjs\").catch(() => console.log(\"fallback\"));\n"),
    ])
    func notURLImports(_ file: String, _ source: String) throws {
        let tree = try TempTree([file: source, "types.ts": "export interface Item { id: number }\n"])
        let bundle = try ModuleBundler().bundle(.file(path: tree.path(file)))
        #expect(!bundle.code.contains("./types"))
    }

    @Test("esbuild's memory is limited: an import of /dev/zero fails with its own message, not the machine's memory")
    func esbuildMemoryLimit() throws {
        let tree = try TempTree(["z.mjs": "import '/dev/zero';\n", "ok.ts": "const n: number = 1;\nconsole.log(n);\n"])
        var bundler = ModuleBundler()
        bundler.options.memoryLimit = 256 << 20
        let error = try #require(throws: ModuleError.self) { try bundler.bundle(.file(path: tree.path("z.mjs"), name: "z.mjs")) }
        #expect(error.kind == .bundlerFailed)
        #expect(error.lines == ["esbuild ran out of memory bundling z.mjs (it may allocate 256 MiB): a file it read is too large, or is not a file (/dev/zero)"])
        // An ordinary bundle fits well within that.
        #expect(try bundler.bundle(.file(path: tree.path("ok.ts"))).code.contains("console.log"))
    }

    @Test("esbuild missing: the error names the Debian package")
    func missing() throws {
        let tree = try TempTree(["a.ts": "export {}"])
        var bundler = ModuleBundler()
        bundler.searchPath = tree.path("no-such-dir")
        let error = try #require(throws: ModuleError.self) { try bundler.bundle(.file(path: tree.path("a.ts"))) }
        #expect(error.kind == .bundlerMissing)
        #expect(error.lines == ["esbuild not found on PATH: module scripts, .mjs and TypeScript files are bundled by esbuild; install the Debian package esbuild (apt-get install esbuild), or set BRIDGE_ESBUILD to its path"])
        bundler.esbuildPath = tree.path("a.ts")
        #expect(try #require(throws: ModuleError.self) { try bundler.bundle(.file(path: tree.path("a.ts"))) }.lines == ["esbuild not found at \(tree.path("a.ts")) (not an executable file)"])
    }

    @Test("an esbuild that hangs is killed at the time limit; one that fails without errors says how")
    func hangingAndFailing() throws {
        let tree = try TempTree(["a.ts": "export {}", "hang": "#!/bin/sh\nexec sleep 20\n", "crash": "#!/bin/sh\necho 'panic: runtime error' >&2\nexit 2\n"])
        for tool in ["hang", "crash"] { chmod(tree.path(tool), 0o755) }
        var bundler = ModuleBundler()
        bundler.options.timeLimit = .milliseconds(300)
        bundler.esbuildPath = tree.path("hang")
        let started = Date()
        let hung = try #require(throws: ModuleError.self) { try bundler.bundle(.file(path: tree.path("a.ts"), name: "a.ts")) }
        #expect(hung.kind == .timeLimit)
        #expect(hung.lines == ["esbuild did not finish bundling a.ts within 0 s and was stopped"])
        #expect(Date().timeIntervalSince(started) < 5)
        bundler.esbuildPath = tree.path("crash")
        let crashed = try #require(throws: ModuleError.self) { try bundler.bundle(.file(path: tree.path("a.ts"), name: "a.ts")) }
        #expect(crashed.kind == .bundlerFailed)
        #expect(crashed.lines == ["esbuild failed (exit 2) bundling a.ts: panic: runtime error"])
    }

    @Test("the same inputs are bundled once per process; a changed input is bundled again")
    func cache() throws {
        let tree = try TempTree(["a.ts": "import { b } from \"./b\";\nconsole.log(b);\n", "b.ts": "export const b = 1;\n"])
        try tree.write("esbuild", "#!/bin/sh\necho run >> \(tree.path("count"))\nexec /usr/bin/esbuild \"$@\"\n")
        chmod(tree.path("esbuild"), 0o755)
        var bundler = ModuleBundler()
        bundler.esbuildPath = tree.path("esbuild")
        let first = try bundler.bundle(.file(path: tree.path("a.ts")))
        let second = try bundler.bundle(.file(path: tree.path("a.ts")))
        #expect(first.code == second.code)
        #expect(try String(contentsOfFile: tree.path("count"), encoding: .utf8) == "run\n")
        try tree.write("b.ts", "export const b = 22;\n")
        let third = try bundler.bundle(.file(path: tree.path("a.ts")))
        #expect(third.code.contains("22"))
        #expect(try String(contentsOfFile: tree.path("count"), encoding: .utf8) == "run\nrun\n")
    }

    @Test("an inline entry's directory must exist; a file entry must be readable")
    func badEntries() throws {
        let inline = try #require(throws: ModuleError.self) {
            try ModuleBundler().bundle(.inline(source: "", resolveDirectory: "/no/such/dir", name: "x (module script #1)"))
        }
        #expect(inline.lines == ["cannot resolve the imports of x (module script #1): /no/such/dir is not a directory"])
        let file = try #require(throws: ModuleError.self) { try ModuleBundler().bundle(.file(path: "/no/such/a.ts")) }
        #expect(file.lines == ["cannot read /no/such/a.ts: no such file or not readable"])
    }
}

@Suite(.enabled(if: esbuildInstalled, "needs Debian's esbuild (scripts/bootstrap)"))
struct ModuleAssetTests {
    @Test("imported CSS is collected beside the script, images become data: URLs")
    func assets() throws {
        let tree = try TempTree(["a.js": "import \"./s.css\";\nimport logo from \"./logo.svg\";\nconsole.log(logo);\n", "s.css": "body { color: red; }\n", "logo.svg": "<svg/>"])
        let bundle = try ModuleBundler().bundle(.file(path: tree.path("a.js")))
        #expect(bundle.css?.contains("body {\n  color: red;\n}") == true)
        #expect(bundle.code.contains("\"data:image/svg+xml,"))
    }

    @Test("the temporary directory goes with every file esbuild wrote in it")
    func temporaryDirectory() throws {
        let temp = try TemporaryDirectory()
        _ = try temp.write("bundle.css", "x")
        _ = try temp.write("anything-else", "y")
        temp.remove()
        #expect(!FileManager.default.fileExists(atPath: temp.path))
    }
}
