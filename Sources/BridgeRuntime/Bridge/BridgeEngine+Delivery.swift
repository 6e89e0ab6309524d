import Dispatch

/// Delivery of answers, progress and events into JS: entries collect in one JSON batch that a
/// single loop task hands to the SDK, so many answers cost one crossing and one parse.
extension BridgeEngine {
    /// Queues `[kind, id, value, error]` (kind 0 final, 1 progress, 2 event). A callbackId of the
    /// SDK's form `cb_<n>` goes as the number n: the SDK keys its pending calls by number.
    func enqueue(kind: Int, callbackId: String, value: JSONValue, error: BridgeError?) {
        guard !isClosed else { return }
        outbox.append(outboxCount == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
        outboxCount += 1
        outbox.append(UInt8(ascii: "["))
        outbox.append(UInt8(ascii: "0") + UInt8(kind))
        outbox.append(UInt8(ascii: ","))
        if kind != 2, let n = Self.sdkCallNumber(callbackId) {
            JSONValue.appendNumber(Double(n), to: &outbox)
        } else {
            JSONValue.appendString(callbackId, to: &outbox)
        }
        outbox.append(UInt8(ascii: ","))
        value.appendJSON(to: &outbox)
        outbox.append(UInt8(ascii: ","))
        if let error { error.jsonValue.appendJSON(to: &outbox) } else { outbox.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }
        outbox.append(UInt8(ascii: "]"))
        if !flushScheduled {
            flushScheduled = true
            loop.keepAlive += 1
            loop.enqueue { [unowned self] in
                loop.keepAlive -= 1
                flushOutbox()
            }
        }
    }

    /// n for a callbackId `cb_<n>` written the way the SDK writes it (decimal, no leading zero,
    /// at most 15 digits), else `nil`.
    static func sdkCallNumber(_ id: String) -> Int? {
        let utf8 = id.utf8
        guard utf8.count > 3, utf8.count <= 18 else { return nil }
        var n = 0
        var i = 0
        for c in utf8 {
            switch i {
            case 0: if c != UInt8(ascii: "c") { return nil }
            case 1: if c != UInt8(ascii: "b") { return nil }
            case 2: if c != UInt8(ascii: "_") { return nil }
            default:
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), !(i == 3 && c == UInt8(ascii: "0")) else { return nil }
                n = n * 10 + Int(c - UInt8(ascii: "0"))
            }
            i += 1
        }
        return n
    }

    /// Hands the batch to the SDK now.
    func flushOutbox() {
        flushScheduled = false
        guard outboxCount > 0 else { return }
        outbox.append(UInt8(ascii: "]"))
        outbox.append(0)
        outboxCount = 0
        // Hand the batch over without copying: the two buffers swap, so entries JS queues while
        // the batch is delivered go to the other one. A nested flush (close() from a callback)
        // takes the copying path.
        guard !isFlushing, let context, let deliver = sdkDeliver else {
            let batch = Array(outbox.dropLast())
            outbox.removeAll(keepingCapacity: true)
            deliveryDepth += 1
            callSDK(sdkDeliver, [.jsonText(batch)])
            deliveryDepth -= 1
            return
        }
        isFlushing = true
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        chainBudget = Self.maxChainedEntries
        chainBudgetStart = DispatchTime.now().uptimeNanoseconds
        swap(&outbox, &outboxSpare)
        do {
            try outboxSpare.withUnsafeBufferPointer { (buf) throws(ScriptError) in try context.call(deliver, nulTerminatedJSON: buf) }
        } catch {
            recordUncaught(error)
        }
        outboxSpare.removeAll(keepingCapacity: true)
        isFlushing = false
    }

    /// Entries one delivery may chain before it returns to the loop: bounds how long one VM
    /// entry lasts, so a long run of synchronous answers still lets the loop look at its stop
    /// conditions, the run limit and the inbox now and then.
    static let maxChainedEntries = 4096

    /// Called by the SDK (`__native.next()`) after it settled a batch: runs the microtasks the
    /// batch released inside this VM entry, and if that produced answers the loop would deliver
    /// next anyway (synchronous handlers, nothing else waiting), hands them over at once as the
    /// next batch. `null` sends the SDK back to the loop.
    ///
    /// Same order as going through the loop, fewer VM entries: the flush task queued for those
    /// answers finds its batch empty. Timers, inbox jobs and other tasks are never overtaken.
    ///
    /// Only the outermost delivery drains (a nested one, from `runReady()` or `close()` inside a
    /// callback, may be running inside a microtask). The execution time limit covers a delivery
    /// and the continuations it releases, like one top-level call; each chained batch gets a
    /// fresh budget, as it would have as a separate loop task.
    func takeChainedBatch() -> NativeResult {
        guard let context, isFlushing, deliveryDepth == 1, !isClosing, !isClosed else { return .null }
        // `false` also when the time limit stopped a continuation: the termination is unwinding
        // and nothing may be taken from the outbox, or those answers would be lost.
        guard context.drainMicrotasksInside() else { return .null }
        // The continuations may have closed the engine (a handler calling `close()`).
        guard !isClosing, !isClosed, outboxCount > 0, flushScheduled, chainBudget > 0, loop.nothingElseWaits() else { return .null }
        chainBudget -= outboxCount
        // A fresh time-limit budget for the next batch once the chain has used a sixteenth of
        // the limit (wall time bounds the CPU time spent), so no batch loses more than that.
        let now = DispatchTime.now().uptimeNanoseconds
        if vm.timeLimit > 0, Double(now - chainBudgetStart) > vm.timeLimit * 1e9 / 16 {
            context.restartTimeLimit()
            chainBudgetStart = now
        }
        outboxChain.removeAll(keepingCapacity: true)
        swap(&outbox, &outboxChain)
        outboxChain.append(UInt8(ascii: "]"))
        outboxChain.append(0)
        outboxCount = 0
        return .jsonText(outboxChain)
    }

    // MARK: Native to JS

    /// Emits an event to `bridge.on(name, …)` listeners. Events emitted before any listener
    /// exists are kept (up to `maxEarlyEvents` per name) until one attaches.
    public func emit(_ name: String, _ payload: JSONValue = .null) {
        report(.event(name: name, payload: payload))
        enqueue(kind: 2, callbackId: name, value: payload, error: nil)
    }

    /// Calls a JS handler registered with `bridge.register(name, fn)` and returns its (awaited)
    /// result. Drives the engine's loop while waiting if nothing else is running it.
    ///
    /// - Parameters:
    ///   - name: the registered name.
    ///   - params: the argument passed to the JS function.
    ///   - timeout: milliseconds before `TIMEOUT` (default: the engine's `defaultJSCallTimeout`).
    /// - Throws: `BridgeError` `METHOD_NOT_FOUND` (nothing registered), `HANDLER_ERROR` (the JS
    ///   function threw or rejected), `INVALID_MESSAGE` (its result cannot cross), `TIMEOUT`,
    ///   `CANCELLED` (engine closed).
    public func callJS(_ name: String, _ params: JSONValue = .object([:]), timeout: Double? = nil) async throws(BridgeError) -> JSONValue {
        guard !isClosed, let context, let invoke = sdkInvoke else {
            throw BridgeError(code: .cancelled, message: "engine is closed")
        }
        nextJSRequest += 1
        let request = nextJSRequest
        let limit = timeout ?? configuration.defaultJSCallTimeout
        loop.keepAlive += 1
        jsTimers[request] = loop.schedule(after: limit) { [unowned self] in
            completeJSCall(request, .failure(BridgeError(code: .timeout, message: "JS handler '\(name)' did not answer within \(Int(limit)) ms")))
        }
        do {
            try context.call(invoke, [.number(Double(request)), .string(name), .json(params)])
        } catch {
            completeJSCall(request, .failure(.handlerError(error.description)))
        }
        if jsResults[request] == nil, !loop.isRunning {
            try? await loop.run(limit: nil, shouldStop: { false }, until: { [unowned self] in jsResults[request] != nil })
        }
        if let result = jsResults.removeValue(forKey: request) { return try result.get() }
        if isClosed { throw BridgeError(code: .cancelled, message: "engine closed before the JS handler answered") }
        do {
            return try await withCheckedThrowingContinuation { jsWaiters[request] = $0 }
        } catch {
            throw BridgeError.wrapping(error)
        }
    }

    func completeJSCall(_ request: Int, _ result: Result<JSONValue, BridgeError>) {
        guard let timer = jsTimers.removeValue(forKey: request) else { return }
        loop.cancelTimer(timer)
        loop.keepAlive -= 1
        if let waiter = jsWaiters.removeValue(forKey: request) {
            waiter.resume(with: result.mapError { $0 as any Error })
        } else {
            jsResults[request] = result
        }
    }
}
