import BridgeValues
import BridgeCore

/// Reads a trace (JSON Lines in the trace format, docs/trace-format.md) as a mock fixture that
/// replays it: each method's recorded answers in the order of its calls, and the native-to-JS
/// traffic (`callJS`, `event`) as `$native` steps (docs/peers.md#replaying-a-trace).
///
/// Pairing: a `result`/`error` line answers the earliest unanswered `call` line with the same
/// method and `callbackId`; one without a matching `call` line (an app's log may leave calls
/// out) answers the method's next call. `progress` lines go to the open call with their
/// `callbackId`. The runtime's own refusals before dispatch (`INVALID_MESSAGE`,
/// `VALIDATION_FAILED`, `PERMISSION_DENIED`, `PAYLOAD_TOO_LARGE`, `RATE_LIMITED`) are not
/// answers (a replay with the same flags refuses those calls again); `METHOD_NOT_FOUND` replays
/// as the runtime's own not-found; a call never answered (no line, or `CANCELLED` at the end of
/// the run) stays unanswered.
enum TraceReplay {
    /// The trace's event types; the ones replay does not use are the page's side of the run.
    static let knownTypes: Set<String> = [
        "call", "result", "error", "progress", "event", "console", "exception", "notice",
        "navigate", "dialog", "callJS", "jsResult", "jsError", "http", "websocket",
    ]
    /// Errors the runtime gives before a call reaches a handler.
    static let refusals: Set<String> = ["INVALID_MESSAGE", "VALIDATION_FAILED", "PERMISSION_DENIED", "PAYLOAD_TOO_LARGE", "RATE_LIMITED"]

    /// `true` when the text is JSON Lines in the trace format: its first non-blank line is a whole
    /// JSON object with a string `type` (a mock fixture is one JSON object whose values are
    /// objects).
    static func looksLikeTrace(_ text: Substring) -> Bool {
        guard let line = firstNonBlankLine(text) else { return false }
        guard let value = try? JSONParser().parse(String(line)), case .object(let o) = value else { return false }
        if case .string? = o["type"] { return true }
        return false
    }

    /// The first line of `text` with something other than whitespace, found by looking for line
    /// ends in its bytes: splitting the whole text into lines by `Character` first (to read one
    /// line) was 2 % of a page test suite whose pages each named a mock file.
    static func firstNonBlankLine(_ text: Substring) -> Substring? {
        // As `split(separator: "\n")` over Characters, which the replay's own reading uses: a
        // "\r\n" is one Character, not a line end.
        let bytes = text.utf8
        var start = bytes.startIndex
        var from = start
        while from < bytes.endIndex {
            let end = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if end < bytes.endIndex, end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "\r") {
                from = bytes.index(after: end)
                continue
            }
            let line = text[start..<end]
            if !line.allSatisfy(\.isWhitespace) { return line }
            guard end < bytes.endIndex else { break }
            start = bytes.index(after: end)
            from = start
        }
        if start < bytes.endIndex, case let line = text[start...], !line.allSatisfy(\.isWhitespace) { return line }
        return nil
    }

    private struct OpenCall {
        var method: ScalarKey
        var callbackId: JSONValue
        var slot: Int
        var progress: [JSONValue] = []
    }

    /// The fixture that replays `text` (the file `path`).
    ///
    /// - Throws: `MockFixture.Problem` `path:line: reason` for the first bad line.
    static func fixture(text: String, path: String) throws(MockFixture.Problem) -> MockFixture {
        var sequences: [ScalarKey: [MockFixture.ReplayAnswer?]] = [:]
        var open: [OpenCall] = []
        var steps: [NativeStep] = []
        var answeredCount: [ScalarKey: Int] = [:]
        var lastAnswer: (method: String, count: Int)?
        let parser = JSONParser()
        var lineNumber = 0
        func problem(_ reason: String) -> MockFixture.Problem {
            MockFixture.Problem(message: "\(path):\(lineNumber): \(reason)")
        }
        func answer(_ method: String, _ callbackId: JSONValue, _ slotValue: MockFixture.ReplayAnswer?, refusal: Bool) {
            let key = ScalarKey(method)
            if let i = open.firstIndex(where: { $0.method == key && $0.callbackId == callbackId }) {
                let call = open.remove(at: i)
                var value = slotValue
                if case .answer(var entry)? = value, !call.progress.isEmpty {
                    entry.progress = call.progress
                    value = .answer(entry)
                }
                // A refused call never reached the handler: not one of the method's answers.
                sequences[key]?[call.slot] = refusal ? nil : value
            } else if !refusal {
                sequences[key, default: []].append(slotValue)
            } else {
                return
            }
            if refusal { return }
            answeredCount[key, default: 0] += 1
            lastAnswer = (method, answeredCount[key] ?? 1)
        }
        func step(_ action: NativeStep.Action) {
            var s = NativeStep(action: action, after: lastAnswer?.method)
            s.afterCount = lastAnswer?.count ?? 1
            s.fromTrace = true
            steps.append(s)
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if raw.allSatisfy(\.isWhitespace) { continue }
            let value: JSONValue
            do { value = try parser.parse(String(raw)) } catch { throw problem("invalid JSON: \(error.description)") }
            guard case .object(let o) = value else { throw problem("a trace line must be a JSON object {\"type\": …}") }
            guard let typeValue = o["type"] else { throw problem("no \"type\" (each line is one event: {\"type\": \"result\", \"method\": …})") }
            guard case .string(let type) = typeValue else { throw problem("\"type\" must be a string") }
            guard knownTypes.contains(type) else {
                throw problem("unknown type \"\(type)\" (expected \(knownTypes.sorted().joined(separator: ", ")))")
            }
            func string(_ key: String, of what: String) throws(MockFixture.Problem) -> String {
                guard case .string(let s)? = o[key], !s.isEmpty else { throw problem("\("aeiou".contains(type.first ?? "x") ? "an" : "a") \"\(type)\" line needs \"\(key)\": \(what)") }
                return s
            }
            func callbackId() throws(MockFixture.Problem) -> JSONValue {
                switch o["callbackId"] {
                case nil, .null?: return .null
                case .string(let s)?: return .string(s)
                default: throw problem("\"callbackId\" must be a string or null")
                }
            }
            // Not written by the runtime: an app's log may say how long the answer took.
            func delay() throws(MockFixture.Problem) -> Duration {
                guard let d = o["delayMs"] else { return .zero }
                guard let n = d.numberValue, n >= 0, n.isFinite else { throw problem("\"delayMs\" must be a number >= 0") }
                return .milliseconds(exactly: n)
            }
            switch type {
            case "call":
                let key = ScalarKey(try string("method", of: "the method name"))
                let id = try callbackId()
                sequences[key, default: []].append(.never)
                open.append(OpenCall(method: key, callbackId: id, slot: (sequences[key]?.count ?? 1) - 1))
            case "result":
                let method = try string("method", of: "the method name")
                answer(method, try callbackId(), .answer(MockFixture.Entry(outcome: .success(o["result"] ?? .null), delay: try delay())), refusal: false)
            case "error":
                let id = try callbackId()
                // A body refused before it became a call (no readable method) is the page's.
                guard let m = o["method"], m != .null else { continue }
                guard case .string(let method) = m, !method.isEmpty else { throw problem("an \"error\" line's \"method\" must be a method name or null") }
                guard let e = o["error"], let error = BridgeError(json: e), e["message"]?.stringValue != nil else {
                    throw problem("an \"error\" line needs \"error\": {\"code\": string, \"message\": string}")
                }
                let slot: MockFixture.ReplayAnswer
                switch error.code {
                case .methodNotFound: slot = .notFound
                case .cancelled: slot = .never
                default: slot = .answer(MockFixture.Entry(outcome: .failure(error), delay: try delay()))
                }
                answer(method, id, slot, refusal: refusals.contains(error.code.rawValue))
            case "progress":
                let id = try callbackId()
                if id != .null, let i = open.firstIndex(where: { $0.callbackId == id }) {
                    open[i].progress.append(o["progress"] ?? .null)
                }
            case "callJS":
                let handler = try string("handler", of: "the JS handler's name")
                let params = o["params"] ?? .null
                step(.callJS(handler, params == .null ? .none : .data(params)))
            case "event":
                step(.emit(try string("name", of: "the event name"), o["payload"] ?? .null))
            default:
                continue
            }
        }
        var fixture = MockFixture()
        // A method the recording never found a handler for is not mocked at all (so DSBridge's
        // hasNativeMethod and the like see it missing, as they did).
        fixture.sequences = sequences.mapValues { $0.compactMap { $0 } }.filter { !$0.value.isEmpty && $0.value.contains { $0 != .notFound } }
        fixture.nativeSteps = steps
        fixture.isReplay = true
        return fixture
    }
}
