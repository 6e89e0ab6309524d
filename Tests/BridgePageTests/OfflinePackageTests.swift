import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgePage
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSupport

@Suite struct OfflinePackageTests {
    static let root = CLIRoot.path + "/Examples/offline"
    static let tampered = CLIRoot.path + "/Examples/offline-tampered"

    @Test func md5MatchesKnownDigests() {
        #expect(MD5.hex(Array("".utf8)) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Array("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(MD5.hex([UInt8](repeating: 0x61, count: 1000)) == "cabe45dcc9ae5b66ba86600cca6b8ba8")
    }

    @Test(arguments: [
        (5, 5, 3, OfflinePackage.CacheDecision.useCache),
        (4, 5, 3, .useCache),
        (6, 5, 3, .useCacheAndRefresh),
        (7, 5, 3, .useCacheAndRefresh),
        (8, 5, 3, .fetch),
        (20, 5, 3, .fetch),
        (6, 5, 1, .fetch),
    ])
    func cacheDecisionRule(v1: Int, v2: Int, t: Int, expected: OfflinePackage.CacheDecision) {
        #expect(OfflinePackage.cacheDecision(requested: v1, cached: v2, threshold: t) == expected)
    }

    @Test func servesVerifiedFilesByLongestHitRule() throws {
        let p = try OfflinePackage.load(root: Self.root)
        #expect(p.localPage(for: "https://m.example.com/chat/index.html")?.hasSuffix("pages/chat/index.html") == true)
        #expect(p.localPage(for: "https://m.example.com/chat/index.html?from=push") != nil)
        let (path, data) = try p.resolve("https://cres.example.com/chat_module/js/chat.js?v=12")
        #expect(path.hasSuffix("modules/chat/js/chat.js"))
        #expect(!data.isEmpty)
        var q = p
        q.modules.append(OfflineModule(moduleName: "wide", resourceId: "9", hitRule: "cres.example.com", usable: true, version: 1, resourcePath: "modules/common", files: [:]))
        // The longer, more specific hit rule still wins.
        #expect(try q.resolve("https://cres.example.com/chat_module/js/chat.js").path.hasSuffix("modules/chat/js/chat.js"))
    }

    @Test func refusesWhatItCannotServe() throws {
        let p = try OfflinePackage.load(root: Self.root)
        let cases: [(String, String)] = [
            ("https://other.example.com/x.js", "no offline package covers"),
            ("https://cres.example.com/chat_module/js/debug.js", "resourceBlackList"),
            ("https://cres.example.com/chat_module/video/intro.mp4", "suffixBlackList"),
            ("https://cres.example.com/chat_module/js/missing.js", "not listed"),
        ]
        for (url, reason) in cases {
            #expect(throws: OfflineError.self) { try p.resolve(url) }
            do {
                _ = try p.resolve(url)
            } catch {
                #expect(error.reason.contains(reason), "\(url): \(error.reason)")
                #expect(error.url == url)
            }
        }
        var unusable = p
        unusable.modules[1].usable = false
        do {
            _ = try unusable.resolve("https://cres.example.com/chat_module/js/chat.js")
            Issue.record("an unusable module must not serve")
        } catch {
            #expect(error.reason.contains("not usable"))
        }
    }

    @Test func tamperedFileIsRefusedNamingFileAndReason() throws {
        let p = try OfflinePackage.load(root: Self.tampered)
        do {
            _ = try p.resolve("https://cres.example.com/chat_module/js/chat.js")
            Issue.record("a tampered file must not be served")
        } catch {
            #expect(error.reason.contains("md5 mismatch"))
            #expect(error.localFile?.hasSuffix("modules/chat/js/chat.js") == true)
        }
    }

    @Test func brokenManifestsNameTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("offline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "{ not json".write(to: dir.appendingPathComponent("packages.json"), atomically: true, encoding: .utf8)
        do {
            _ = try OfflinePackage.load(root: dir.path)
            Issue.record("expected a load error")
        } catch {
            #expect(error.url.hasSuffix("packages.json"))
            #expect(error.reason.contains("invalid JSON"))
        }
        try #"[{"moduleName":"m","hitRule":"h.com/m","resourcePath":"nowhere"}]"#.write(to: dir.appendingPathComponent("packages.json"), atomically: true, encoding: .utf8)
        do {
            _ = try OfflinePackage.load(root: dir.path)
            Issue.record("expected a load error")
        } catch {
            #expect(error.url.hasSuffix("nowhere/file.json"))
            #expect(error.reason.contains("missing manifest"))
        }
    }
}

/// The package root, for tests that read Examples/.
enum CLIRoot {
    static let path: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
