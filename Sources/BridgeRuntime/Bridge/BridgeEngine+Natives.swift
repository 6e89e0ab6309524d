/// The native functions the prelude calls (`__native.*`).
extension BridgeEngine {
    func installNatives(_ context: ScriptContext) {
        let parser = JSONParser(maxDepth: configuration.maxDepth + 2)
        let limits = configuration.limits
        func jsNumber(_ n: Int) -> JSONValue { .number(n == .max ? 9_007_199_254_740_991 : Double(n)) }
        let config: JSONValue = [
            "maxDepth": .number(Double(configuration.maxDepth)), "maxEarlyEvents": .number(Double(configuration.maxEarlyEvents)),
            "maxMessageBytes": jsNumber(limits.maxMessageBytes), "maxStringLength": jsNumber(limits.maxStringLength),
            "maxArrayLength": jsNumber(limits.maxArrayLength),
        ]
        context.installNativeObject("__native", functions: [
            ("config", { _ in .json(config) }),
            ("post", { [unowned self] args in
                // (handler index, JSON text, callbackId or null, timeout ms or -1, wants progress)
                let index = Int(args.number(0) ?? 0)
                let name = handlerNames.indices.contains(index) ? handlerNames[index] : "bridge"
                let timeout = args.count > 3 ? args.number(3).flatMap { $0 >= 0 ? $0 : nil } : nil
                let wantsProgress = args.count > 4 && args.bool(4)
                // Parse the envelope's members directly (no dictionary for the outer object).
                var tooLarge = false
                let parsed: Result<[(String, JSONValue)], JSONParser.Failure> = args.withUTF8(1) { bytes in
                    guard let bytes else { return .failure(.init(reason: "message is not JSON text", path: "", offset: 0)) }
                    if bytes.count > limits.maxMessageBytes {
                        tooLarge = true
                        return .failure(.init(reason: "message of \(bytes.count) bytes is larger than the limit of \(limits.maxMessageBytes) bytes", path: "", offset: 0))
                    }
                    do throws(JSONParser.Failure) {
                        if let members = try parser.parseObjectMembers(bytes) { return .success(members) }
                        let body = try parser.parse(bytes)
                        return .failure(.init(reason: "message body must be an object {method, params, callbackId}, got \(body.typeName)", path: "", offset: 0))
                    } catch { return .failure(error) }
                }
                switch parsed {
                case .success(let members):
                    receive(members: members, handlerName: name, via: .message, timeout: timeout, wantsProgress: wantsProgress)
                case .failure(let failure):
                    refuse(handlerName: name, callbackId: args.string(2), method: nil, error: tooLarge ? .payloadTooLarge(failure.description) : .invalidMessage(failure.description))
                }
                return .undefined
            }),
            ("next", { [unowned self] _ in takeChainedBatch() }),
            ("invalid", { [unowned self] args in
                // (handler name, callbackId or null, reason, code or undefined)
                let reason = args.string(2) ?? "message cannot cross the bridge"
                let code = args.string(3).map { BridgeError.Code(rawValue: $0) } ?? .invalidMessage
                refuse(handlerName: args.string(0) ?? "bridge", callbackId: args.string(1), method: nil, error: BridgeError(code: code, message: reason))
                return .undefined
            }),
            ("setTimer", { [unowned self] args in
                let delay = args.number(0) ?? 1
                let repeats = args.bool(1)
                let id = loop.allocateTimerID()
                if repeats { intervals.insert(id) }
                armTimer(id: id, delay: delay, repeats: repeats)
                return .number(Double(id))
            }),
            ("clearTimer", { [unowned self] args in
                if let id = args.number(0).map({ Int($0) }) {
                    intervals.remove(id)
                    loop.cancelTimer(id)
                }
                return .undefined
            }),
            ("now", { [unowned self] _ in .number(loop.clock.now) }),
            ("console", { [unowned self] args in
                report(.console(level: args.string(0) ?? "log", message: args.string(1) ?? ""))
                return .undefined
            }),
            ("reportError", { [unowned self] args in
                let kind: ScriptError.Kind = args.string(0) == "rejection" ? .unhandledRejection : .exception
                var sourceURL = args.string(3)
                var line = args.number(4).flatMap { $0 >= 0 ? Int($0) : nil }
                if sourceURL == Prelude.sourceURL {
                    // Errors the SDK made (a rejected bridge call) have no page location.
                    sourceURL = nil
                    line = nil
                }
                recordUncaught(ScriptError(kind: kind, message: args.string(1) ?? "", sourceURL: sourceURL, line: line, stack: args.string(2)))
                return .undefined
            }),
            ("jsReply", { [unowned self] args in
                guard let request = args.number(0).map({ Int($0) }) else { return .undefined }
                if let code = args.string(2) {
                    completeJSCall(request, .failure(BridgeError(code: .init(rawValue: code), message: args.string(3) ?? "")))
                } else {
                    let value: Result<JSONValue, BridgeError> = args.withUTF8(1) { bytes in
                        guard let bytes else { return .success(.null) }
                        do throws(JSONParser.Failure) { return .success(try parser.parse(bytes)) } catch { return .failure(.invalidMessage("result: \(error.description)")) }
                    }
                    completeJSCall(request, value)
                }
                return .undefined
            }),
        ])
    }

    /// Schedules a JS timer; intervals re-arm before their callback runs so `clearInterval`
    /// inside the callback wins.
    func armTimer(id: Int, delay: Double, repeats: Bool) {
        loop.schedule(after: delay, id: id) { [unowned self] in
            if repeats {
                guard intervals.contains(id) else { return }
                armTimer(id: id, delay: delay, repeats: true)
            }
            callSDK(sdkFireTimer, [.number(Double(id))])
        }
    }

    /// Calls an SDK entry point; an exception escaping it is recorded as uncaught.
    func callSDK(_ function: ScriptFunction?, _ args: [ScriptArgument]) {
        guard let context, let function else { return }
        do {
            try context.call(function, args)
        } catch {
            recordUncaught(error)
        }
    }
}
