import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine

/// The shortcuts of the hot paths give exactly what the general paths give.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct HotPathEquivalenceTests {
    nonisolated static func generic(_ event: EngineEvent) -> String {
        var bytes: [UInt8] = []
        for (key, value) in event.fields.sortedMembers {
            bytes.append(UInt8(ascii: ","))
            JSONValue.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            value.appendJSON(to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    nonisolated static let hotEvents: [EngineEvent] = [
        .call(method: "cart.add", params: ["z": 1, "a": ["b": [1, 2], "a": "x\n\u{2028}\"é"]], callbackId: "cb_1", via: .message),
        .call(method: "m\u{0}n", params: .null, callbackId: nil, via: .url),
        .result(method: "user.get", callbackId: nil, result: ["name": "K\u{212A}", "id": 8848]),
        .result(method: "", callbackId: "x", result: .array([])),
    ]

    @Test("call and result trace fields written directly equal the sorted fields object", arguments: hotEvents)
    func traceFieldsMatch(_ event: EngineEvent) {
        var bytes: [UInt8] = []
        var results = RepeatedValueEncoder()
        #expect(event.appendHotTraceFields(to: &bytes, results: &results))
        #expect(String(decoding: bytes, as: UTF8.self) == Self.generic(event))
        // The same event again and a third time: the result's kept text is the same text.
        for _ in 0..<2 {
            var again: [UInt8] = []
            #expect(event.appendHotTraceFields(to: &again, results: &results))
            #expect(again == bytes)
        }
    }

    @Test("other events take the general path")
    func otherEventsAreNotHot() {
        var bytes: [UInt8] = []
        var results = RepeatedValueEncoder()
        #expect(!EngineEvent.console(level: "log", message: "hi").appendHotTraceFields(to: &bytes, results: &results))
        #expect(!EngineEvent.progress(callbackId: "a", progress: 1).appendHotTraceFields(to: &bytes, results: &results))
        #expect(bytes.isEmpty)
    }

    @Test("isIdentical: shared storage and equal scalars are identical; equal values apart are not; different values never")
    func identity() {
        let object: JSONValue = ["a": [1, 2, 3], "b": "x"]
        let copy = object
        #expect(object.isIdentical(to: copy))
        let rebuilt: JSONValue = ["a": [1, 2, 3], "b": "x"]
        #expect(rebuilt == object)
        #expect(!rebuilt.isIdentical(to: object))
        let array: JSONValue = [1, 2]
        #expect(array.isIdentical(to: array))
        #expect(!JSONValue.array([1, 2]).isIdentical(to: [1, 3]))
        #expect(JSONValue.array([]).isIdentical(to: .array([])))
        #expect(JSONValue.object([:]).isIdentical(to: .object([:])))
        #expect(!JSONValue.number(0).isIdentical(to: .number(-0.0)))
        #expect(JSONValue.number(1.5).isIdentical(to: .number(1.5)))
        #expect(!JSONValue.string("a").isIdentical(to: .string("b")))
        #expect(!JSONValue.null.isIdentical(to: .bool(false)))
    }

    @Test("a canned answer reused across calls reaches JS intact every time, and a changed answer replaces it")
    func cannedAnswerReuse() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let canned: JSONValue = ["ok": true, "items": [1, 2, 3], "user": ["id": 8848, "name": "x\u{2028}é"]]
        let other: JSONValue = ["ok": false]
        let answer = AnswerBox(canned)
        engine.addDispatcher { message in
            message.method == "swap" ? .sync { _ in answer.value = other; return .null } : .sync { _ in answer.value }
        }
        try engine.evaluate("""
            globalThis.got = [];
            (async () => {
              for (let i = 0; i < 4; i++) got.push(JSON.stringify(await bridge.call('get', {})));
              await bridge.call('swap', {});
              for (let i = 0; i < 3; i++) got.push(JSON.stringify(await bridge.call('get', {})));
            })();
            """)
        try await engine.runUntilIdle(limit: .seconds(5))
        let a = #"{"items":[1,2,3],"ok":true,"user":{"id":8848,"name":"x\#u{2028}é"}}"#
        let b = #"{"ok":false}"#
        #expect(try engine.evaluate("got") == .array([a, a, a, a, b, b, b].map { .string($0) }))
    }

    @Test("scripts and strings survive the 8-bit path and the UTF-16 path exactly (NUL, non-ASCII, long ASCII)")
    func stringConversion() throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let long = String(repeating: "abcdefgh", count: 1000) + "xyz"
        #expect(try engine.evaluate("'\(long)'.length") == .number(Double(long.utf16.count)))
        #expect(try engine.evaluate("'a\u{0}b'.length") == 3)
        #expect(try engine.evaluate("'é😀'.length") == 3)
        #expect(try engine.evaluate("'plain ascii'") == "plain ascii")
        #expect(try engine.evaluate("'x\u{0}y'") == .string("x\u{0}y"))
        for n in 0..<20 {
            let s = String(repeating: "q", count: n) + "\u{0}"
            #expect(try engine.evaluate("'\(s)'.length") == .number(Double(n + 1)))
        }
    }
}

@MainActor
final class AnswerBox {
    var value: JSONValue
    init(_ value: JSONValue) { self.value = value }
}
