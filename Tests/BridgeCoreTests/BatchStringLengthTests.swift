import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine

/// The outbox hands a batch to JavaScriptCore as UTF-16 only when it holds no string value longer
/// than JavaScriptCore atomizes (`ScriptContext.atomizedJSONStringLength`): a longer one would come
/// out of the parse as a 16-bit string. Every batch a scenario flushes is checked against its text:
/// marked "no long strings" only when the text really has none, and short batches still marked so.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct BatchStringLengthTests {
    static let cachedLong: JSONValue = ["s": "a string longer than ten", "n": 1]
    static let cachedShort: JSONValue = ["s": "short", "n": 1]

    /// The UTF-8 length of the longest string value in `value` (object keys not counted).
    static func longestString(_ value: JSONValue) -> Int {
        switch value {
        case .string(let s): s.utf8.count
        case .array(let items): items.map(longestString).max() ?? 0
        case .object(let object): object.members.map { longestString($0.value) }.max() ?? 0
        default: 0
        }
    }

    func engine() throws -> BridgeEngine {
        let registry = BridgeRegistry()
        try registry.register(action: "short") { _ in ["k": "s", "n": [1, 2]] }
        try registry.register(action: "long") { _ in .string("abcdefghijklmnop") }
        try registry.register(action: "nested") { _ in ["a", ["b", ["deep": "cccccccccccccccc"]]] }
        try registry.register(action: "cachedLong") { _ in Self.cachedLong }
        try registry.register(action: "cachedShort") { _ in Self.cachedShort }
        try registry.register(action: "echo") { $0.params }
        try registry.register(action: "progress", handler: .callback { _, responder in
            responder.progress(.string("a progress string that is long"))
            responder.succeed(["ok": true])
        })
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.useGlobalRegistry = false }
        engine.outbox.recordsBatches = true
        return engine
    }

    /// Runs `script` (and `then` on the engine) and returns each flushed batch's longest string
    /// value with how the outbox marked it, after checking every mark against the text.
    func batches(_ script: String, then: ((BridgeEngine) -> Void)? = nil) async throws -> [(longest: Int, noLongStrings: Bool)] {
        let engine = try engine()
        defer { engine.close() }
        try engine.evaluate("globalThis.got = [];" + script)
        then?(engine)
        try await engine.runUntilIdle(limit: .seconds(5))
        let found = try engine.outbox.recordedBatches.map { batch in
            (longest: Self.longestString(try JSONParser().parse(bytes: batch.text)), noLongStrings: batch.noLongStrings)
        }
        for batch in found where batch.noLongStrings {
            #expect(batch.longest <= ScriptContext.atomizedJSONStringLength, "a batch with a \(batch.longest)-byte string was marked as having none")
        }
        return found
    }

    static let shortCalls = "for (let i = 0; i < 40; i++) bridge.call('short').then(v => got.push(v));"

    @Test("a batch of short answers is marked as having no long strings, whatever its length")
    func shortBatch() async throws {
        let found = try await batches(Self.shortCalls)
        #expect(found.contains { $0.noLongStrings && $0.longest > 0 })
    }

    @Test("a long string anywhere in a batch's values keeps it from being marked", arguments: [
        "bridge.call('long').then(v => got.push(v));",
        "bridge.call('nested').then(v => got.push(v));",
        "bridge.call('cachedLong'); bridge.call('cachedLong'); bridge.call('cachedShort');",
        "bridge.call('no.such.action').catch(e => got.push(e));",
        "bridge.call('progress', {}, {onProgress: p => got.push(p)});",
        "bridge.call('echo', {text: 'a params string that is long'}).then(v => got.push(v));",
        "function aVeryLongCallbackName(answer) { got.push(answer); } webkit.messageHandlers.bridge.postMessage({method: 'short', params: {}, callbackId: 'aVeryLongCallbackName'});",
    ])
    func longStringAnywhere(_ call: String) async throws {
        let found = try await batches(Self.shortCalls + call)
        #expect(found.contains { !$0.noLongStrings && $0.longest > ScriptContext.atomizedJSONStringLength })
    }

    @Test("the repeated-value encoder's kept text carries its long string into later batches")
    func keptTextAcrossBatches() async throws {
        let found = try await batches("""
            (async () => {
              for (let k = 0; k < 3; k++) await bridge.call('cachedLong');
              for (let i = 0; i < 20; i++) bridge.call('cachedShort');
              await bridge.call('cachedLong');
            })();
            """)
        #expect(found.count >= 4)
        #expect(found.filter { !$0.noLongStrings }.count >= 4)
    }

    @Test("an event's long payload keeps its batch from being marked")
    func longEvent() async throws {
        let found = try await batches(Self.shortCalls + "bridge.on('ev', p => got.push(p));") { engine in
            engine.emit("ev", "an event payload that is long")
        }
        #expect(found.contains { !$0.noLongStrings })
    }
}
