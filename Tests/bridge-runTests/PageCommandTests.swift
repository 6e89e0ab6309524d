import Foundation
import Testing

/// End-to-end runs of HTML pages, offline packages and the router through the built CLI.
@Suite struct PageCommandTests {
    @Test func hybridPageUsingBothProtocols() async throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let r = try await CLI.run(["run", "Examples/page/index.html", "--mock", "Examples/page/mock.json", "--trace", trace])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "title: Order & Pay | ready: loading",
            "DOMContentLoaded, ready: interactive",
            "load, ready: complete",
            "legacy callback: Ada null",
            "cart: 2 items | cookie before: \"\"",
            "cookie: session=abc123; theme=dark | stored: true",
        ])
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"type\":\"call\"") }
        #expect(calls.count == 3)
        #expect(calls[0].contains("\"via\":\"url\"") && calls[0].contains("\"method\":\"user.get\""))
        #expect(calls[1].contains("\"via\":\"message\"") && calls[1].contains("\"method\":\"cart.get\""))
        #expect(calls[2].contains("\"via\":\"url\"") && calls[2].contains("\"method\":\"track\""))
    }

    @Test func customURLScheme() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scheme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("p.js").path
        try """
            function cb(p) { console.log('got', JSON.stringify(p.result)); }
            location.href = 'myapp://x?parameter=' + encodeURIComponent(JSON.stringify({action: 'user.get', callback: 'cb'}));
            """.write(toFile: page, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", page, "--url-scheme", "myapp", "--mock", "Examples/page/mock.json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [#"got {"level":3,"name":"Ada"}"#])
    }

    @Test func offlinePackageServesTheRoutedPage() async throws {
        let r = try await CLI.run(["run", "https://m.example.com/chat/index.html", "--offline", "Examples/offline", "--mock", "Examples/offline/mock.json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "page: https://m.example.com/chat/index.html",
            "host: m.example.com path: /chat/index.html",
            "hi chat: hello | how are you?",
        ])
    }

    @Test func tamperedPackageStopsTheRunNamingURLFileAndReason() async throws {
        let r = try await CLI.run(["run", "https://m.example.com/chat/index.html", "--offline", "Examples/offline-tampered", "--mock", "Examples/offline/mock.json"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("https://cres.example.com/chat_module/js/chat.js"))
        #expect(r.stderr.contains("modules/chat/js/chat.js"))
        #expect(r.stderr.contains("md5 mismatch"))
        #expect(!r.stdout.contains("tampered!"), "the tampered file must never run")
    }

    @Test func unroutedURLAndMissingPackageAreUsageErrors() async throws {
        let noRoute = try await CLI.run(["run", "https://m.example.com/unknown.html", "--offline", "Examples/offline"])
        #expect(noRoute.status == 2)
        #expect(noRoute.stderr.contains("no route"))
        let noOffline = try await CLI.run(["run", "https://m.example.com/chat/index.html"])
        #expect(noOffline.status == 2)
        #expect(noOffline.stderr.contains("--offline"))
    }

    @Test func routerWithABRoutes() async throws {
        let r = try await CLI.run(["run", "Examples/router/jump.js", "--routes", "Examples/router/routes.json", "--trace", "-"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // With `--trace -`, stdout carries only the trace: console lines are on stderr.
        #expect(r.errorLines.contains("opened job/newlist via AB route 123"))
        #expect(r.errorLines.contains("opened house/map via default"))
        #expect(r.lines.allSatisfy { $0.hasPrefix("{\"type\":") })
        #expect(r.lines.filter { $0.hasPrefix("{\"type\":\"navigate\"") }.count == 2)
    }

    @Test func virtualTimeFinishesLongTimersAtOnce() async throws {
        let r = try await CLI.run(["run", "Examples/timers/order.js", "--virtual-time"])
        #expect(r.status == 0)
        #expect(r.seconds < 10)
    }

    /// A page the HTML parser cannot finish within the script limit (domino is slow on very deep
    /// nesting) is named, and the parser is named as what ran too long.
    @Test func aParserThatRunsOutOfTimeNamesThePage() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("deep.html").path
        try ("<html><body>" + String(repeating: "<div>", count: 100_000) + "</body></html>").write(toFile: page, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", page, "--script-timeout", "300"])
        #expect(r.status == 3, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("deep.html: the HTML parser ran longer than the execution time limit (300 ms) and was stopped"), "stderr: \(r.stderr)")
    }
}
