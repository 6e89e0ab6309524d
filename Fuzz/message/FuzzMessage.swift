// libFuzzer entry: the JS-to-native message converter.
//
// Built by `scripts/fuzz message` against the library built with the sanitizers (the layers `@testable import`ed,
// so internal API is reachable). Per input:
//  1. JSONParser.parse + BridgeMessage(body:) and the hot path parseObjectMembers +
//     BridgeMessage(members:); a parsed value must survive jsonString() -> parse unchanged.
//  2. The full JS->native path: the input (as a JS string value) goes through JSON.parse inside
//     JS and is posted with webkit.messageHandlers.bridge.postMessage to a live BridgeEngine with
//     a sync `echo` handler; the loop runs until idle. Inputs that are not an object with a
//     method are still posted (they must settle as INVALID_MESSAGE, never crash).

import Foundation
@testable import BridgeSupport
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeCore
@testable import BridgePage
@testable import BridgeComponents
@testable import BridgeRunner
@testable import BridgeTestRunner

@MainActor
enum MessageFuzzState {
    static var engine: BridgeEngine?
    static var count = 0
    /// `FUZZ_NO_ENGINE=1` fuzzes the Swift converter alone (much faster).
    static let useEngine = ProcessInfo.processInfo.environment["FUZZ_NO_ENGINE"] == nil

    static func makeEngine() -> BridgeEngine {
        var configuration = EngineConfiguration()
        let registry = BridgeRegistry()
        try! registry.register(action: "echo") { call in call.params }
        configuration.scopedRegistry = registry
        configuration.useGlobalRegistry = false
        configuration.clock = VirtualClock()
        let engine = try! BridgeEngine(configuration: configuration)
        try! engine.evaluate(
            """
            globalThis.__fuzzPost = function (text) {
              var body;
              try { body = JSON.parse(text); } catch (e) { body = text; }
              try { webkit.messageHandlers.bridge.postMessage(body); } catch (e) {}
              if (body !== null && typeof body === 'object' && typeof body.method === 'string') {
                try { bridge.call(body.method, body.params).then(function () {}, function () {}); } catch (e) {}
              }
            };
            """, sourceURL: "fuzz-setup.js")
        return engine
    }
}

@inline(never)
func fuzzMessageConverter(_ bytes: UnsafeBufferPointer<UInt8>) {
    let parser = JSONParser()
    if let value = try? parser.parse(bytes) {
        _ = try? BridgeMessage(body: value)
        let text = value.jsonString()
        guard let again = try? parser.parse(text) else {
            fatalError("jsonString() output does not parse again: \(text)")
        }
        guard again == value else { fatalError("JSON round trip changed the value: \(text)") }
    }
    if let members = try? parser.parseObjectMembers(bytes) {
        if let message = try? BridgeMessage(members: members) {
            let wire = message.jsonValue
            guard let back = try? BridgeMessage(body: wire), back == message else {
                fatalError("BridgeMessage wire form does not read back: \(wire.jsonString())")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    fuzzMessageConverter(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    MainActor.assumeIsolated {
        guard MessageFuzzState.useEngine else { return }
        let engine = MessageFuzzState.engine ?? MessageFuzzState.makeEngine()
        MessageFuzzState.engine = engine
        // The text reaches JS as a string value built by the JSON encoder (never as source).
        let literal = JSONValue.string(text).jsonString()
        do {
            try engine.evaluate("__fuzzPost(\(literal))", sourceURL: "fuzz.js")
        } catch {
            // A JS exception is fine; a crash is not.
        }
        engine.runReady()
        // A fresh engine now and then, so state does not pile up across millions of inputs.
        MessageFuzzState.count += 1
        if MessageFuzzState.count % 20_000 == 0 {
            engine.close()
            MessageFuzzState.engine = nil
        }
    }
    return 0
}
