import Testing
@testable import BridgeModules

@Suite struct ImportMapTests {
    @Test("bare keys map to files, prefix keys to directories, values resolved against the page")
    func aliases() throws {
        let tree = try TempTree(["page/vendor/vue.js": "export default 1", "page/lib/x.js": "", "abs.js": ""])
        let json = #"{"imports": {"vue": "./vendor/vue.js", "lib/": "./lib/", "@app/abs": "\#(tree.path("abs.js"))", "up": "../abs.js"}, "integrity": {}}"#
        let map = try ImportMap(json: json, baseURL: "file://\(tree.path("page/index.html"))", baseDirectory: tree.path("page"), name: "index.html (importmap)")
        let aliases = try map.aliases(resolveURL: nil)
        #expect(aliases.map { "\($0.name)=\($0.path)" } == [
            "@app/abs=\(tree.path("abs.js"))", "lib=\(tree.path("page/lib"))", "up=\(tree.path("abs.js"))", "vue=\(tree.path("page/vendor/vue.js"))",
        ])
    }

    @Test("URL values go through the resolver (an offline package); without one they are refused")
    func urlValues() throws {
        let tree = try TempTree(["pkg/vue.js": ""])
        let json = #"{"imports": {"vue": "https://cdn.example/vue.js", "rel": "./vue.js"}}"#
        let web = try ImportMap(json: json, baseURL: "https://cdn.example/app/index.html", baseDirectory: tree.root, name: "m")
        let seen = StringLog()
        let aliases = try web.aliases(resolveURL: { url in
            seen.append(url)
            return tree.path("pkg/vue.js")
        })
        #expect(aliases.map(\.name) == ["rel", "vue"])
        #expect(seen.values == ["https://cdn.example/app/vue.js", "https://cdn.example/vue.js"])
        #expect(throws: ModuleError.self) { try web.aliases(resolveURL: nil) }
        do { _ = try web.aliases(resolveURL: nil) } catch {
            #expect(error.kind == .importMap)
            #expect(error.lines == [
                "m: import map entry \"rel\": https://cdn.example/app/vue.js is on the network; a run has none: map it to a local file, or serve it with --offline DIR",
                "m: import map entry \"vue\": https://cdn.example/vue.js is on the network; a run has none: map it to a local file, or serve it with --offline DIR",
            ])
        }
        do { _ = try web.aliases(resolveURL: { _ in nil }) } catch {
            #expect(error.lines.first == "m: import map entry \"rel\": https://cdn.example/app/vue.js is not in the offline package")
        }
    }

    @Test("entries that cannot be aliases are refused, one line each", arguments: [
        (#"{"https://cdn/x.js": "./x.js"}"#, "import map entry \"https://cdn/x.js\": keys that are URLs or paths cannot be bundled (esbuild maps bare names only); import the file by a bare name mapped here, or by its path"),
        (#"{"./a.js": "./x.js"}"#, "import map entry \"./a.js\": keys that are URLs or paths cannot be bundled (esbuild maps bare names only); import the file by a bare name mapped here, or by its path"),
        (#"{"lib/": "./x.js"}"#, "import map entry \"lib/\": a key ending in \"/\" must map to a value ending in \"/\""),
        (#"{"vue": "vue.js"}"#, "import map entry \"vue\": vue.js is not a URL or a path starting with /, ./ or ../"),
        (#"{"vue": "./missing.js"}"#, "import map entry \"vue\": ./missing.js is DIR/missing.js, which does not exist"),
        (#"{"vue": "./"}"#, "import map entry \"vue\": DIR is a directory; a bare key maps to a file"),
    ])
    func refusedEntries(_ imports: String, _ expected: String) throws {
        let tree = try TempTree(["x.js": ""])
        let map = try ImportMap(json: #"{"imports": \#(imports)}"#, baseURL: "file://\(tree.path("i.html"))", baseDirectory: tree.root, name: "i.html (importmap)")
        do {
            _ = try map.aliases(resolveURL: nil)
            Issue.record("accepted \(imports)")
        } catch {
            #expect(error.kind == .importMap)
            #expect(error.lines == ["i.html (importmap): " + expected.replacingOccurrences(of: "DIR", with: tree.root)])
        }
    }

    @Test("maps that are not JSON objects of strings, or use scopes, are refused", arguments: [
        ("{", "not valid JSON"), ("[1]", "an import map must be a JSON object"), (#"{"imports": []}"#, "\"imports\" must be an object"),
        (#"{"imports": {"a": 1}}"#, "import map entry \"a\" must map to a string (a URL or path)"),
        (#"{"imports": {}, "scopes": {"/x/": {}}}"#, "\"scopes\" is not supported (esbuild maps names for the whole bundle); move the entries to \"imports\""),
    ])
    func refusedMaps(_ json: String, _ expected: String) {
        do {
            _ = try ImportMap(json: json, baseURL: "file:///p/i.html", baseDirectory: "/p", name: "i.html (importmap)")
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.kind == .importMap)
            #expect(error.lines.count == 1)
            #expect(error.lines[0].hasPrefix("i.html (importmap): " + expected))
        }
    }
}

/// Strings collected from a `@Sendable` closure.
final class StringLog: Sendable {
    private let box = Synchronization.Mutex<[String]>([])
    func append(_ s: String) { box.withLock { $0.append(s) } }
    var values: [String] { box.withLock { $0 } }
}

import Synchronization
