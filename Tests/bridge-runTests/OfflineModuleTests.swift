import Foundation
import Testing
import BridgeRuntime
import BridgeRuntimeTesting

/// Module scripts of a page an offline package serves: the files esbuild reads from a module's
/// directory are checked against that module's `file.json`, as a classic script's file is.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/esbuild"), "needs Debian's esbuild (scripts/bootstrap)"))
struct OfflineModuleTests {
    /// A copy of Examples/offline with a module page: `main.mjs` (in the chat module) imports
    /// `helper.mjs` beside it; the page also imports `local.mjs` from its own folder (pages have
    /// no manifest). `helperEntry` is what chat's file.json says of helper.mjs.
    static func package(helperEntry: (md5: String?, listed: Bool)) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("offline-modules-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "Examples/offline"), to: root)
        let js = root.appendingPathComponent("modules/chat/js")
        let main = "import { helper } from './helper.mjs';\nconsole.log('main', helper);\n"
        let helper = "export const helper = 'helper';\n"
        try main.write(to: js.appendingPathComponent("main.mjs"), atomically: true, encoding: .utf8)
        try helper.write(to: js.appendingPathComponent("helper.mjs"), atomically: true, encoding: .utf8)
        var files: [String: Any] = ["js/chat.js": ["localPath": "js/chat.js", "md5": "08f98e60e7ff365085ba8da64cb429da"],
                                    "js/main.mjs": ["localPath": "js/main.mjs", "md5": MD5.hex(Data(main.utf8))]]
        if helperEntry.listed { files["js/helper.mjs"] = ["localPath": "js/helper.mjs", "md5": helperEntry.md5 ?? MD5.hex(Data(helper.utf8))] }
        try JSONSerialization.data(withJSONObject: files).write(to: root.appendingPathComponent("modules/chat/file.json"))
        try "export const local = 'local';\n".write(to: root.appendingPathComponent("pages/chat/local.mjs"), atomically: true, encoding: .utf8)
        try """
            <!doctype html><html><body>
            <script type="module" src="https://cres.example.com/chat_module/js/main.mjs"></script>
            <script type="module">import { local } from './local.mjs'; console.log('page', local);</script>
            </body></html>
            """.write(to: root.appendingPathComponent("pages/chat/mod.html"), atomically: true, encoding: .utf8)
        try #"{"map": {"https://m.example.com/chat/mod.html": "pages/chat/mod.html"}}"#.write(to: root.appendingPathComponent("routes.json"), atomically: true, encoding: .utf8)
        return root
    }

    @Test("a module's imports run when its file.json lists them with their MD5s; page files need no manifest")
    func listedImportsRun() async throws {
        let root = try Self.package(helperEntry: (nil, true))
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await CLI.run(["run", "https://m.example.com/chat/mod.html", "--offline", root.path])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["main helper", "page local"])
    }

    @Test("an import the module's file.json does not list, or lists with another MD5, is not run",
          arguments: [(md5: String?.some("0123456789abcdef0123456789abcdef"), listed: true), (md5: String?.none, listed: false)])
    func unlistedOrTamperedImportsAreRefused(_ entry: (md5: String?, listed: Bool)) async throws {
        let root = try Self.package(helperEntry: entry)
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await CLI.run(["run", "https://m.example.com/chat/mod.html", "--offline", root.path])
        #expect(r.status == 1)
        #expect(!r.stdout.contains("main"), "the module must not run: \(r.stdout)")
        #expect(r.lines == ["page local"], "the page's other module still runs")
        let reason = entry.listed ? "md5 mismatch: manifest says 0123456789abcdef0123456789abcdef" : "not listed in module chat's file.json"
        #expect(r.stderr.contains(reason), "stderr: \(r.stderr)")
        #expect(r.stderr.contains("helper.mjs"), "stderr: \(r.stderr)")
    }
}
