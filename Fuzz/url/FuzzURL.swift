// libFuzzer entry: the legacy URL-protocol parser and the router's JumpURL.
//
// Built by `scripts/fuzz url` against the library built with the sanitizers. The input is a
// URL string. LegacyURLProtocol.message(from:) and JumpURL(_:) must return or throw, never crash;
// a message read from a URL must survive url(action:params:callback:) -> message(from:).

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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let url = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for proto in [LegacyURLProtocol(), LegacyURLProtocol(scheme: "jsbridge")] {
        _ = proto.matches(url)
        do {
            if let message = try proto.message(from: url) {
                let rebuilt = proto.url(action: message.method, params: message.params, callback: message.callbackId)
                guard let again = try proto.message(from: rebuilt) else { fatalError("rebuilt URL not recognised: \(rebuilt)") }
                if again != message { fatalError("URL round trip changed the message: \(url) -> \(rebuilt)") }
            }
        } catch {
            if error.code != .invalidMessage { fatalError("unexpected error code \(error.code) for \(url)") }
        }
    }
    do {
        let jump = try JumpURL(url)
        if jump.component.isEmpty { fatalError("JumpURL with an empty component: \(url)") }
        _ = jump.jsonValue.jsonString()
        _ = jump.abMark
    } catch {
        if error.code != .invalidMessage { fatalError("unexpected JumpURL error code \(error.code)") }
    }
    return 0
}
