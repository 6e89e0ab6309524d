import Foundation
import BridgeRuntimeTesting

@testable import BridgeNetwork
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine

/// What a test run printed and traced.
@MainActor
final class NetLog {
    var console: [String] = []
    var http: [NetworkEvent] = []
    var sockets: [NetworkEvent] = []
    var exceptions: [String] = []

    /// The HTTP events as `phase id METHOD url [status|message]` lines.
    var httpLines: [String] {
        http.map { e in
            var line = "\(e.phase) \(e.id) \(e.details["method"]?.stringValue ?? "") \(e.url)"
            if let s = e.details["status"]?.intValue { line += " \(s)" }
            if let m = e.details["message"]?.stringValue { line += " \(m)" }
            return line
        }
    }
}

@MainActor
enum Net {
    nonisolated static let page = "https://m.example.com/app/index.html"

    /// A fixture from the JSON text of a rule list, read from a file (`http.json`) as the CLI
    /// reads it.
    nonisolated static func fixture(_ json: String) throws -> HTTPMockFixture {
        try HTTPMockFixture(contentsOf: file("http.json", json))
    }

    /// An engine on a virtual clock with the network installed, and the log its events go to.
    static func engine(
        _ rules: String = "[]", pageURL: String = page, clock: any EngineClock = VirtualClock(), configure: (inout NetworkConfiguration) -> Void = { _ in }
    ) throws -> (BridgeEngine, NetLog) {
        let engine = try BridgeEngine.forTesting(clock: clock) { $0.pageURL = pageURL }
        var config = NetworkConfiguration(fixture: try fixture(rules))
        configure(&config)
        try engine.installNetwork(config)
        let log = NetLog()
        engine.addEventObserver { event in
            switch event {
            case .console(_, let message): log.console.append(message)
            case .http(let e): log.http.append(e)
            case .webSocket(let e): log.sockets.append(e)
            case .exception(let e): log.exceptions.append(e.message)
            default: break
            }
        }
        return (engine, log)
    }

    /// Runs `script` in a fresh engine until idle and returns the console lines (and the log).
    static func run(_ script: String, rules: String = "[]", pageURL: String = page, configure: (inout NetworkConfiguration) -> Void = { _ in }) async throws -> (lines: [String], log: NetLog) {
        let (engine, log) = try engine(rules, pageURL: pageURL, configure: configure)
        defer { engine.close() }
        try engine.execute(script, sourceURL: "page.js")
        try await engine.runUntilIdle(limit: .seconds(20))
        return (log.console, log)
    }

    /// A file with `text` in a fresh temporary directory.
    nonisolated static func file(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("net-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
