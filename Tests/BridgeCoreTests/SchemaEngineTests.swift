import Testing
import BridgeRuntimeTesting

@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// A schema set installed on an engine: validation before lookup, action options, strict mode,
/// result validation and typed params.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct SchemaEngineTests {
    static let xml = """
        <protocol name="t" version="1">
          <action name="cart.add" timeout="40" ordered="true" permission="cart">
            <param name="sku" type="string" required="true" pattern="^[A-Z0-9-]+$"/>
            <param name="qty" type="integer" min="1" max="99" default="1"/>
            <result type="object"><param name="count" type="integer" required="true"/></result>
          </action>
          <action name="cart.slow" timeout="30"/>
        </protocol>
        """

    struct AddParams: Decodable, Sendable {
        var sku: String
        var qty: Int?
    }

    func setUp(strict: Bool = false, validateResults: Bool = false, result: JSONValue = ["count": 1]) throws -> (BridgeEngine, Recorder<String>) {
        let ran = Recorder<String>()
        let registry = BridgeRegistry()
        try registry.register(action: "cart.add", handler: .sync { call in
            let p: AddParams = try call.decodeParams()
            ran.append("\(p.sku)x\(p.qty ?? 1)")
            return result
        })
        try registry.register(action: "cart.slow", handler: .callback { _, _ in })
        try registry.register(action: "free.form") { _ in "ok" }
        let engine = try BridgeEngine.forTesting(registry: registry)
        engine.install(try SchemaSet.parse(xml: Self.xml, file: "t.xml"), strict: strict, validateResults: validateResults)
        return (engine, ran)
    }

    @Test func invalidParamsNeverReachTheHandler() async throws {
        let (engine, ran) = try setUp()
        defer { engine.close() }
        let out = try await engine.settle("bridge.call('cart.add', {sku: 'a b', qty: 0})")
        #expect(out["code"] == "VALIDATION_FAILED")
        #expect(out["details"] == [
            ["path": "params.sku", "message": "must match pattern ^[A-Z0-9-]+$"],
            ["path": "params.qty", "message": "must be at least 1"],
        ])
        #expect(ran.all.isEmpty)
        let ok = try await engine.settle("bridge.call('cart.add', {sku: 'A-1', qty: 2})")
        #expect(ok["value"] == ["count": 1])
        #expect(ran.all == ["A-1x2"], "typed params are decoded after validation")
    }

    @Test func theSchemaTimeoutApplies() async throws {
        let (engine, _) = try setUp()
        defer { engine.close() }
        let out = try await engine.settle("bridge.call('cart.slow')")
        #expect(out["code"] == "TIMEOUT")
        #expect(out["message"]?.stringValue?.contains("30 ms") == true)
        #expect(engine.permission(for: "cart.add") == "cart")
    }

    @Test func unknownActionsPassUnlessStrict() async throws {
        let (lenient, _) = try setUp()
        defer { lenient.close() }
        #expect(try await lenient.settle("bridge.call('free.form', {anything: 1})")["value"] == "ok")
        let (strict, _) = try setUp(strict: true)
        defer { strict.close() }
        let out = try await strict.settle("bridge.call('free.form', {anything: 1})")
        #expect(out["code"] == "METHOD_NOT_FOUND")
    }

    @Test func resultsAreCheckedWhenAsked() async throws {
        let (unchecked, _) = try setUp(result: ["count": "many"])
        defer { unchecked.close() }
        #expect(try await unchecked.settle("bridge.call('cart.add', {sku: 'A'})")["value"] == ["count": "many"])
        let (checked, _) = try setUp(validateResults: true, result: ["count": "many"])
        defer { checked.close() }
        let out = try await checked.settle("bridge.call('cart.add', {sku: 'A'})")
        #expect(out["code"] == "HANDLER_ERROR")
        #expect(out["message"]?.stringValue?.contains("result.count") == true, "\(out)")
    }
}
