import ScriptEngine
import BridgeValues

/// The native functions the prelude calls (`__native.*`). Every number read from JS is
/// converted with a check (`JSNumber`): the page chooses these values.
extension BridgeEngine {
    func installNatives(_ context: ScriptContext) {
        let limits = configuration.limits
        // The native side enforces the limits on what was really sent (the prelude's check runs
        // first for friendly paths, but a getter can answer it differently from the serializer).
        let parser = JSONParser(maxDepth: min(configuration.maxDepth, .max - 2) + 2, maxStringLength: limits.maxStringLength, maxArrayLength: limits.maxArrayLength)
        // A deferred params object, parsed alone: one level less deep than in its envelope.
        let paramsParser = JSONParser(maxDepth: parser.maxDepth - 1, maxStringLength: limits.maxStringLength, maxArrayLength: limits.maxArrayLength)
        func jsNumber(_ n: Int) -> JSONValue { .number(Double(n) > JSNumber.maxSafeInteger ? JSNumber.maxSafeInteger : Double(n)) }
        let config: JSONValue = [
            "maxDepth": .number(Double(configuration.maxDepth)), "maxEarlyEvents": .number(Double(configuration.maxEarlyEvents)),
            "maxMessageBytes": jsNumber(limits.maxMessageBytes), "maxStringLength": jsNumber(limits.maxStringLength),
            "maxArrayLength": jsNumber(limits.maxArrayLength), "callbackPrefix": .string(SDKCallbackID.prefix),
            "maxNumberedMethodLength": jsNumber(ScriptHost.maxNumberedMethodLength), "maxNumberedMethods": jsNumber(ScriptHost.maxMethodNumbers),
            "packedCallScale": jsNumber(BridgeEngine.callbackNumberScale),
            "internalTimers": .bool(configuration.offersInternalTimers),
        ]
        context.installNativeObject("__native", functions: [
            NativeFunctionSpec("config", { _ in .json(config) }),
            NativeFunctionSpec("intrinsics", { [unowned context] _ in Prelude.intrinsics(for: context) }),
            NativeFunctionSpec("bind", { [unowned self] args in
                host.bind(args)
                return .undefined
            }),
            NativeFunctionSpec("post", { [unowned self] args in
                // (handler index, JSON text, callbackId or null, timeout ms or -1, wants progress,
                // sent by the SDK)
                let name = host.handlerName(at: args.number(0))
                // (No lookup, and no hashing of the name, when no peer protocol takes messages.)
                if !hooks.messageReceivers.isEmpty, let receiver = hooks.messageReceivers[name] {
                    let body: Result<JSONValue, JSONParser.Failure> = args.withUTF8(1) { bytes in
                        guard let bytes else { return .failure(.init(reason: "message is not JSON text", path: "", offset: 0)) }
                        if bytes.count > limits.maxMessageBytes {
                            return .failure(.init(reason: "message of \(bytes.count) bytes is larger than the limit of \(limits.maxMessageBytes) bytes", path: "", offset: 0))
                        }
                        do throws(JSONParser.Failure) { return .success(try parser.parse(bytes)) } catch { return .failure(error) }
                    }
                    switch body {
                    case .success(let value): receiver(value)
                    case .failure(let failure): refuse(callbackId: nil, method: nil, error: failure.isTooLarge ? .payloadTooLarge(failure.description) : .invalidMessage(failure.description))
                    }
                    return .undefined
                }
                let timeout = args.count > 3 ? Self.callTimeout(args.number(3)) : nil
                let wantsProgress = args.count > 4 && args.bool(4)
                let fromSDK = args.count > 5 && args.bool(5)
                // Parse the envelope's members directly (no dictionary for the outer object); its
                // params object is checked but built only when something reads it. Any text
                // that path does not take is parsed whole, for the exact error.
                var tooLarge = false
                var deferred: DeferredJSON?
                let parsed: Result<[(String, JSONValue)], JSONParser.Failure> = args.withUTF8(1) { bytes in
                    guard let bytes else { return .failure(.init(reason: "message is not JSON text", path: "", offset: 0)) }
                    if bytes.count > limits.maxMessageBytes {
                        tooLarge = true
                        return .failure(.init(reason: "message of \(bytes.count) bytes is larger than the limit of \(limits.maxMessageBytes) bytes", path: "", offset: 0))
                    }
                    // (Built at once when an observer takes the call traffic: the `call` event reads them.)
                    if !hooks.observesCallTraffic, let envelope = try? parser.parseObjectMembers(bytes, deferring: "params") {
                        if let range = envelope.deferred { deferred = DeferredJSON(text: Array(bytes[range]), parser: paramsParser) }
                        return .success(envelope.members)
                    }
                    do throws(JSONParser.Failure) {
                        if let members = try parser.parseObjectMembers(bytes) { return .success(members) }
                        let body = try parser.parse(bytes)
                        return .failure(.init(reason: "message body must be an object {method, params, callbackId}, got \(body.typeName)", path: "", offset: 0))
                    } catch { return .failure(error) }
                }
                switch parsed {
                case .success(let members):
                    receive(members: members, deferredParams: deferred, handlerName: name, via: .message, timeout: timeout, wantsProgress: wantsProgress, fromSDK: fromSDK)
                case .failure(let failure):
                    refuse(
                        callbackId: args.string(2), method: nil,
                        error: tooLarge || failure.isTooLarge ? .payloadTooLarge(failure.description) : .invalidMessage(failure.description), fromSDK: fromSDK)
                }
                return .undefined
            }),
            NativeFunctionSpec("methodId", { [unowned self] args in
                // (method name): the number the SDK's calls of it carry from now on, or -1.
                guard let method = args.string(0) else { return .number(-1) }
                return .number(Double(host.methodID(for: method, maxLength: limits.maxStringLength)))
            }),
            NativeFunctionSpec("call", { [unowned self] args in
                // (SDK callback number with the method number, handler index and progress flag
                // packed, params JSON text) or (the three packed, text, callback number[, timeout
                // ms]): an SDK call in its parts, with no envelope to write and parse (see
                // `receiveSDKCall`).
                // `false` declines — whatever this path would not take exactly as the envelope
                // (a receiver on the handler, a method to escape, limits, text that does not check):
                // the SDK then posts the envelope, which gives the same call or the exact refusal.
                .bool(receiveSDKCall(args, parser: paramsParser, maxMessageBytes: limits.maxMessageBytes))
            }),
            NativeFunctionSpec("invalid", { [unowned self] args in
                // (handler name, callbackId or null, reason, code or undefined, sent by the SDK)
                let reason = args.string(2) ?? "message cannot cross the bridge"
                let code = args.string(3).map { BridgeError.Code(rawValue: $0) } ?? .invalidMessage
                refuse(callbackId: args.string(1), method: nil, error: BridgeError(code: code, message: reason), fromSDK: args.count > 4 && args.bool(4))
                return .undefined
            }),
            NativeFunctionSpec("setTimer", { [unowned self] args in
                // (ms, repeats, internal: the runtime's own timer, never on fake time)
                let id = timers.start(milliseconds: args.number(0) ?? 1, repeats: args.bool(1), internal: args.count > 2 && args.bool(2))
                return .number(Double(id))
            }),
            NativeFunctionSpec("clearTimer", { [unowned self] args in
                if let id = args.number(0).flatMap(JSNumber.int) { timers.clear(id) }
                return .undefined
            }),
            NativeFunctionSpec("now", { [unowned self] _ in .number(loop.fakeTimeline?.now.milliseconds ?? loop.clock.nowMilliseconds) }),
            // Date.now() while a test fakes time (whole milliseconds), else undefined: real time.
            NativeFunctionSpec("wallNow", { [unowned self] _ in loop.fakeTimeline.map { .number($0.wallMilliseconds.rounded(.down)) } ?? .undefined }),
            NativeFunctionSpec("console", { [unowned self] args in
                report(.console(level: args.string(0) ?? "log", message: args.string(1) ?? ""))
                return .undefined
            }),
            NativeFunctionSpec("reportError", { [unowned self] args in
                let kind: ScriptError.Kind = args.string(0) == "rejection" ? .unhandledRejection : .exception
                // Errors the SDK made (a rejected bridge call) are placed at the page line that
                // called in, or nowhere (recordUncaught relocates them).
                let line = args.number(4).flatMap(JSNumber.int).flatMap { $0 > 0 ? $0 : nil }
                // Reported by the page's JavaScript, which dispatched any `error` event itself.
                recordUncaught(ScriptError(kind: kind, message: args.string(1) ?? "", sourceURL: args.string(3), line: line, stack: args.string(2)), notify: false)
                return .undefined
            }),
            NativeFunctionSpec("jsReply", { [unowned self] args in
                guard let request = args.number(0).flatMap(JSNumber.int) else { return .undefined }
                if let code = args.string(2) {
                    jsCalls.complete(request, .failure(BridgeError(code: .init(rawValue: code), message: args.string(3) ?? "")))
                } else {
                    let value: Result<JSONValue, BridgeError> = args.withUTF8(1) { bytes in
                        guard let bytes else { return .success(.null) }
                        do throws(JSONParser.Failure) { return .success(try parser.parse(bytes)) } catch { return .failure(.invalidMessage("result: \(error.description)")) }
                    }
                    jsCalls.complete(request, value)
                }
                return .undefined
            }),
        ])
    }

    /// Calls an SDK entry point; an exception escaping it is recorded as uncaught.
    func callSDK(_ function: ScriptFunction?, _ args: [ScriptArgument]) {
        guard let context = host.context, let function else { return }
        do {
            try context.call(function, args)
        } catch {
            recordUncaught(error)
        }
    }
}
