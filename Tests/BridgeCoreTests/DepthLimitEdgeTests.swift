import Testing
@testable import BridgeCore
import BridgeValues

@MainActor
@Suite struct DepthLimitEdgeTests {
    @Test("an engine configured with the largest depth limit starts and answers (no overflow trap)")
    func largestDepthLimit() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in call.params }
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.maxDepth = .max }
        defer { engine.close() }
        try engine.evaluate("globalThis.got = null; bridge.call('echo', {a: [[1]]}).then(function (r) { got = r; });")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == ["a": [[1]]])
    }
}
