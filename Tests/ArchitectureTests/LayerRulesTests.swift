import Foundation
import Testing

/// The house rules that keep the layers apart, checked on the sources themselves: a forbidden
/// arrow, a mangled C++ symbol, an unchecked `Sendable`, a file that grew past its size or a
/// JavaScript file that does not parse fails here. (The build also runs with SwiftPM's
/// `--explicit-target-dependency-import-check error`, so an import of an undeclared target does
/// not compile; this test holds the intended graph itself, which Package.swift must not exceed.)
@Suite struct LayerRulesTests {
    /// The layers and the only arrows allowed between them (docs/architecture.md).
    static let allowed: [String: Set<String>] = [
        "BridgeSupport": [],
        "BridgeValues": ["BridgeSupport"],
        "ScriptEngine": ["BridgeValues", "BridgeSupport", "CJSC", "CThreadClock"],
        "BridgeSchema": ["BridgeValues", "BridgeSupport", "CICURegex"],
        "BridgeModules": ["BridgeValues", "BridgeSupport"],
        "BridgeCore": ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema"],
        "BridgePage": ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeCore", "BridgeModules"],
        "BridgeComponents": ["BridgeValues", "BridgeSupport", "BridgeCore"],
        "BridgeNetwork": ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeCore"],
        "BridgePeers": ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeCore", "BridgePage", "BridgeComponents"],
        "BridgeRunner": ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema", "BridgeCore", "BridgePage", "BridgeComponents", "BridgeModules", "BridgeNetwork", "BridgePeers"],
        "BridgeTestRunner": ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema", "BridgeCore", "BridgePage", "BridgeComponents", "BridgeRunner", "BridgeModules", "BridgeNetwork", "BridgePeers"],
        "BridgeCommandLine": ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema", "BridgeRunner", "BridgeTestRunner"],
        "BridgeRuntime": ["BridgeValues", "ScriptEngine", "BridgeSchema", "BridgeModules", "BridgeCore", "BridgePage", "BridgeComponents", "BridgeNetwork", "BridgePeers", "BridgeRunner", "BridgeTestRunner", "BridgeCommandLine"],
        "BridgeRuntimeTesting": ["BridgeRuntime", "BridgeCore", "ScriptEngine", "BridgeValues"],
        "bridge-run": ["BridgeRuntime"],
    ]

    /// Modules of the toolchain and the system every layer may use.
    static let system: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing"]

    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { url.deleteLastPathComponent() }
        return url
    }()

    static func swiftFiles(_ folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func imports(in file: URL) -> Set<String> {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var out = Set<String>()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init).filter { !$0.hasPrefix("@") }
            guard let i = words.firstIndex(of: "import"), i + 1 < words.count, words[..<i].allSatisfy({ ["public", "package", "internal"].contains($0) }) else { continue }
            out.insert(words[i + 1])
        }
        return out
    }

    @Test("every layer imports only the layers below it that the graph allows", arguments: allowed.keys.sorted())
    func layerImports(_ layer: String) {
        let files = Self.swiftFiles("Sources/\(layer)")
        #expect(!files.isEmpty, "no sources for \(layer)")
        for file in files {
            let forbidden = Self.imports(in: file).subtracting(Self.allowed[layer]!).subtracting(Self.system)
            #expect(forbidden.isEmpty, "\(file.lastPathComponent) in \(layer) imports \(forbidden.sorted())")
        }
    }

    /// What `bridge-run` links: every layer but the testing kit (which may use Foundation).
    static let runtimeLayers = allowed.keys.filter { $0 != "BridgeRuntimeTesting" }.sorted()

    @Test("nothing bridge-run links imports Foundation (FoundationEssentials only): linking it cost 2.6 MiB of peak RSS in a hello.js run and 48 MB of binary", arguments: runtimeLayers)
    func noFoundationInTheRuntime(_ layer: String) {
        for file in Self.swiftFiles("Sources/\(layer)") {
            #expect(!Self.imports(in: file).contains("Foundation"), "\(file.lastPathComponent) in \(layer) imports Foundation")
        }
    }

    @Test("Package.swift declares no dependency the graph does not allow")
    func manifestFollowsTheGraph() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var checked = 0
        for line in manifest.split(separator: "\n") where line.contains("layer(\"") {
            let quoted = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            guard let name = quoted.first, let allowed = Self.allowed[name] else { continue }
            let declared = Set(quoted.dropFirst().filter { $0 != "JS" && $0 != "EmbedJS" })
            #expect(declared.isSubset(of: allowed), "\(name) declares \(declared.subtracting(allowed).sorted())")
            checked += 1
        }
        #expect(checked == Self.allowed.count - 1, "every library layer is a layer(...) line (bridge-run is the executable)")
    }

    @Test("only ScriptEngine imports CJSC, and nothing declares JavaScriptCore's C++ symbols")
    func cInteropStaysInTheEngine() throws {
        for folder in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path) where folder != "ScriptEngine" {
            for file in Self.swiftFiles("Sources/\(folder)") {
                #expect(!Self.imports(in: file).contains("CJSC"), "\(folder)/\(file.lastPathComponent) imports CJSC")
            }
        }
        let shim = try String(contentsOf: Self.root.appendingPathComponent("Sources/CJSC/shim.h"), encoding: .utf8)
        #expect(!shim.contains("_ZN"), "shim.h declares a mangled C++ symbol")
    }

    @Test("no @unchecked Sendable, and no Swift file past 450 lines")
    func houseRules() {
        for file in Self.swiftFiles("Sources") {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(!text.contains("@unchecked Sendable"), "\(file.lastPathComponent) uses @unchecked Sendable")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 450, "\(file.lastPathComponent) has \(lines) lines")
        }
    }

    /// The build embeds a `.js` file with its `//` comment lines emptied, unless a line could make
    /// that touch code (a line ending in `\`, an odd number of backticks, a comment with `*/`:
    /// Sources/embed-js). Then the comments stay, and a single non-ASCII character in them makes
    /// JavaScriptCore keep the whole text as UTF-16 (net-base.js's one `…` doubled the network
    /// script's 90 KB in every VM that loaded it). So: every file strips, and its code is ASCII.
    @Test("every embedded JavaScript file has its comment lines stripped and ASCII code")
    func javaScriptEmbedsCompactly() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        let files = (walker?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "js" }
        #expect(files.count >= 4)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix("//") {
                    #expect(!trimmed.contains("*/"), "\(file.lastPathComponent):\(i + 1): a comment line with */ keeps every comment")
                    continue
                }
                #expect(!line.hasSuffix("\\"), "\(file.lastPathComponent):\(i + 1): a line ending in \\ keeps every comment")
                #expect(line.filter { $0 == "`" }.count % 2 == 0, "\(file.lastPathComponent):\(i + 1): an odd number of backticks keeps every comment")
                let ascii = line.unicodeScalars.allSatisfy { $0.isASCII }
                #expect(ascii, "\(file.lastPathComponent):\(i + 1): a non-ASCII character makes the text UTF-16")
            }
        }
    }

    @Test("every embedded JavaScript file parses (node --check)")
    func javaScriptParses() async throws {
        let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let sources = Self.root.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        let files = (walker?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "js" }
        #expect(files.count >= 4, "the prelude, DOM and harness files")
        guard let node else { return }
        for file in files {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: node)
            p.arguments = ["--check", file.path]
            p.standardError = FileHandle.nullDevice
            _ = try await OffPoolProcess.run(p)
            #expect(p.terminationStatus == 0, "\(file.path) does not parse")
        }
    }
}
