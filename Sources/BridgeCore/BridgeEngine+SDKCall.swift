import ScriptEngine
import BridgeValues

/// The SDK's calls in their parts (`__native.call`): the method (by the number the SDK got for
/// it from `__native.methodId`), the checked params text and the callback number, instead of an
/// envelope the SDK writes and native code parses again. Only the common case comes this way;
/// anything else is declined and goes as the envelope (`post`).
extension BridgeEngine {
    /// Takes the call and returns `true`, or `false` (nothing done) when the envelope path must
    /// take it.
    func receiveSDKCall(_ args: NativeArguments, parser: JSONParser, maxMessageBytes: Int) -> Bool {
        // `what` = (method number × 1024 + handler index) × 2 + wants progress. Two arguments:
        // the callback number n and `what` in one number, n × 2^23 + what (each JavaScriptCore
        // call here takes its lock again, a tenth of a round trip for three). Else `what`, or
        // -1 - `what` when a timeout follows, then n. The numbers are the prelude's own (see
        // `trustedNumber`).
        guard let first = args.trustedNumber(0).flatMap(JSNumber.int) else { return false }
        let packed: Int, n: Int
        if args.count == 2 {
            guard first >= 0 else { return false }
            packed = first & (Self.callbackNumberScale - 1)
            n = first / Self.callbackNumberScale
        } else {
            guard let number = args.trustedNumber(2).flatMap(JSNumber.int) else { return false }
            packed = first
            n = number
        }
        // (A callback number past 15 digits is not an SDK number for `SDKCallbackID`: the envelope.)
        guard n > 0, n < 1_000_000_000_000_000 else { return false }
        let what = packed >= 0 ? packed : -1 - packed
        let timeout = packed >= 0 ? nil : Self.callTimeout(args.trustedNumber(3))
        guard let method = host.method(numbered: Double(what >> 11)) else { return false }
        let wantsProgress = what & 1 == 1
        let name = host.handlerName(at: Double((what >> 1) & 1023))
        if !hooks.messageReceivers.isEmpty, hooks.messageReceivers[name] != nil { return false }
        let callbackId = SDKCallbackID.string(n)
        // The envelope the SDK would have written: {"method":"<m>","params":<p>,"callbackId":"<id>"}
        let envelopeOverhead = 10 + method.utf8.count + 2 + 10 + 15 + callbackId.utf8.count + 2
        let observesTraffic = hooks.observesCallTraffic
        guard let text = args.trustedUTF8(1) else { return false }
        // The text is checked here and kept as it is; built at once when an observer takes the
        // call traffic (the `call` event reads the params).
        let checked: (ok: Bool, value: JSONValue?) = text.withUnsafeBufferPointer { bytes in
            // (A lone surrogate, which JSON.stringify writes as a `\udXXX` escape, fails the check
            // as it fails the parse: the call is declined, and the SDK names the string's path.)
            guard bytes.count + envelopeOverhead <= maxMessageBytes, bytes.first == UInt8(ascii: "{") else { return (false, nil) }
            do throws(JSONParser.Failure) {
                if observesTraffic { return (true, try parser.parse(bytes)) }
                try parser.check(bytes)
                return (true, nil)
            } catch {
                return (false, nil)
            }
        }
        guard checked.ok else { return false }
        let params: CallParams = checked.value.map { .value($0) } ?? .deferred(DeferredJSON(text: text, parser: parser))
        callsTakenInParts += 1
        dispatch(BridgeMessage(method: method, paramsStorage: params, callbackId: callbackId), handlerName: name, via: .message, timeout: timeout, wantsProgress: wantsProgress, fromSDK: true, sdkCallback: n)
        return true
    }

    /// What the SDK multiplies a callback number by to pack `what` (below 2^23: at most 4096
    /// methods × 1024 handlers × 2) beside it; the prelude's `PACKED_CALL_SCALE`.
    static let callbackNumberScale = 1 << 23

    /// A call's timeout as the SDK passes it: milliseconds, a negative number or `NaN` for none.
    static func callTimeout(_ ms: Double?) -> Duration? {
        ms.flatMap { $0 >= 0 && $0.isFinite ? .milliseconds(exactly: $0) : nil }
    }

    /// A method name the SDK's `JSON.stringify` writes as itself between quotes (printable ASCII,
    /// no quote or backslash) and within the string limit.
    static func isPlainMethod(_ method: String, maxLength: Int) -> Bool {
        var count = 0
        for c in method.utf8 {
            guard c >= 0x20, c < 0x7F, c != UInt8(ascii: "\""), c != UInt8(ascii: "\\") else { return false }
            count += 1
        }
        return count > 0 && count <= maxLength
    }
}
