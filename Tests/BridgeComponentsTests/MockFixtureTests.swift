import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeComponents
@testable import BridgeCore
@testable import BridgeValues

/// Canned answers (`--mock`): reading fixtures, installing them in front of the tables.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct MockFixtureTests {
    @Test("a fixture answers results, errors and delayed results on the engine clock")
    func answersFromFixture() async throws {
        let fixture = try MockFixture(json: try JSONParser().parse(#"""
            {"user.get": {"result": {"id": 7, "vip": true}},
             "pay.start": {"error": {"code": "DENIED", "message": "no money", "details": {"balance": 0}}},
             "slow.op": {"result": 1, "delayMs": 250}}
            """#))
        let clock = VirtualClock()
        let engine = try BridgeEngine.forTesting(registry: try BridgeRegistry(actions: ["echo": .sync { $0.params }]), clock: clock)
        defer { engine.close() }
        fixture.install(on: engine)
        #expect(try await engine.settle("bridge.call('user.get')")["value"] == ["id": 7, "vip": true])
        let denied = try await engine.settle("bridge.call('pay.start')")
        #expect(denied["code"] == "DENIED")
        #expect(denied["message"] == "no money")
        #expect(denied["details"] == ["balance": 0])
        let slow = try await engine.settle("bridge.call('slow.op').then(function (v) { return [v, performance.now()]; })")
        #expect(slow["value"] == [1, 250])
        // Methods the fixture does not know fall through to the tables.
        #expect(try await engine.settle("bridge.call('echo', {x: 1})")["value"] == ["x": 1])
        #expect(try await engine.settle("bridge.call('nothing.here')")["code"] == "METHOD_NOT_FOUND")
    }

    @Test("a delayed mock still obeys the call's timeout")
    func delayedMockTimesOut() async throws {
        let fixture = MockFixture(entries: ["slow.op": .init(outcome: .success(1), delay: .milliseconds(500))])
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        fixture.install(on: engine)
        let outcome = try await engine.settle("bridge.call('slow.op', {}, {timeout: 100})")
        #expect(outcome["code"] == "TIMEOUT")
    }

    @Test("installing keeps a dispatcher added before the fixture")
    func chainsLegacyDispatcher() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        engine.addDispatcher { message in message.method == "legacy.x" ? .sync { _ in "legacy" } : nil }
        MockFixture(entries: ["mocked": .init(outcome: .success("mock"))]).install(on: engine)
        #expect(try await engine.settle("bridge.call('mocked')")["value"] == "mock")
        #expect(try await engine.settle("bridge.call('legacy.x')")["value"] == "legacy")
    }

    @Test("bad fixtures are refused with a message naming the method", arguments: [
        (#"[1]"#, "must be a JSON object"),
        (#"{"m": 1}"#, "mock for 'm' must be an object"),
        (#"{"m": {"result": 1, "delay": 5}}"#, "unknown key \"delay\""),
        (#"{"m": {"result": 1, "delayMs": -1}}"#, "delayMs must be a number >= 0"),
        (#"{"m": {"error": {"message": "no code"}}}"#, "error must be"),
        (#"{"m": {}}"#, "must have \"result\" or \"error\""),
    ])
    func refusesBadFixtures(_ text: String, _ reason: String) throws {
        let json = try JSONParser().parse(text)
        let error = #expect(throws: MockFixture.Problem.self) { try MockFixture(json: json) }
        #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
    }

    @Test("a fixture file that is missing or not JSON is refused naming the file")
    func fixtureFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mockfixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("missing.json").path
        let notFound = #expect(throws: MockFixture.Problem.self) { try MockFixture(contentsOf: missing) }
        #expect(notFound?.message == "\(missing): cannot read mock file: no such file")
        let folder = #expect(throws: MockFixture.Problem.self) { try MockFixture(contentsOf: dir.path) }
        #expect(folder?.message == "\(dir.path): cannot read mock file: a directory, not a file")

        let broken = dir.appendingPathComponent("broken.json")
        try Data(#"{"m": {"result": [1,}}"#.utf8).write(to: broken)
        let invalid = #expect(throws: MockFixture.Problem.self) { try MockFixture(contentsOf: broken.path) }
        #expect(invalid?.message.contains("broken.json: invalid JSON") == true, "\(String(describing: invalid))")
        #expect(invalid?.message.contains("m.result[1]") == true, "\(String(describing: invalid))")

        let good = dir.appendingPathComponent("good.json")
        try Data(#"{"m": {"result": "ok"}}"#.utf8).write(to: good)
        #expect(try MockFixture(contentsOf: good.path).entries == ["m": .init(outcome: .success("ok"))])
    }
}
