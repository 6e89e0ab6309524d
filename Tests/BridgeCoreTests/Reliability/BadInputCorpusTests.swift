import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

// The checked-in bad-input corpus (Tests/Corpus, made by Tests/Corpus/generate.py): every case
// gets its expected error code, nothing crashes, and a normal call still works after each case.
//
// - messages.jsonl runs in-process against a `BridgeEngine` (messages, values, limits, legacy
//   URLs, results both ways, prototype keys).
// - schemas.jsonl loads each hostile or broken schema in-process (the ones known to crash run in
//   a child process) and checks the `file:line: reason` problems.
// - files.jsonl runs the built `bridge-run` on malformed HTML, offline packages and files with
//   invalid UTF-8, in a child process each, and checks the exit status and output.

/// One in-process case of `messages.jsonl`.
struct MessageCase: Sendable, CustomTestStringConvertible {
    var name: String
    var kind: String
    var input: JSONValue
    var expect: String
    var config: String?
    var params: JSONValue?
    var seen: JSONValue??
    var check: String?
    var messageHas: String?
    var knownIssue: String?
    var fast: Bool
    /// The answer names a callback that is no global function: one uncaught TypeError.
    var undelivered: Bool

    init(_ row: JSONValue) {
        name = row["name"]?.stringValue ?? "?"
        kind = row["kind"]?.stringValue ?? "?"
        input = row["input"] ?? .null
        expect = row["expect"]?.stringValue ?? "?"
        config = row["config"]?.stringValue
        params = row["params"]
        seen = row.objectValue?.keys.contains("seen") == true ? .some(row["seen"]) : .none
        check = row["check"]?.stringValue
        messageHas = row["messageHas"]?.stringValue
        knownIssue = row["knownIssue"]?.stringValue
        fast = row["fast"]?.boolValue ?? false
        undelivered = row["undelivered"]?.boolValue ?? false
    }

    var testDescription: String { name }

    static let all: [MessageCase] = Reliability.rows("messages.jsonl").map(MessageCase.init)
}

/// What a case did.
struct CorpusObservation: Sendable {
    /// The error code, `OK`, `THROW:<name>` or `NONE`.
    var outcome: String
    /// The error message, when there was one.
    var message: String?
    /// What the native side saw (echo params, or the value a JS handler answered).
    var seen: JSONValue?
    /// The value of the case's `check` expression.
    var checkPassed: Bool?
    /// Wall time of the case.
    var seconds: Double
}

/// An engine set up for the corpus: `echo` (records params), `corpus.native` (answers what the
/// case says) and the page DOM for iframes and `location`.
@MainActor
final class CorpusEngine {
    let engine: BridgeEngine
    let seen = Recorder<JSONValue>()
    let nativeAnswer = LockedValue<Result<JSONValue, BridgeError>>(.success(.null))
    var errors: [BridgeError] = []
    var results = 0

    init(config: String? = nil) throws {
        let registry = BridgeRegistry()
        let seen = seen
        let answer = nativeAnswer
        try registry.register(action: "echo") { call in
            seen.append(call.params)
            return call.params
        }
        try registry.register(action: "corpus.native") { _ in try answer.current.get() }
        engine = try BridgeEngine.forTesting(registry: registry) { c in
            c.useGlobalRegistry = false
            switch config {
            case "wideStrings": c.limits.maxStringLength = .max
            case "utf8Bytes":
                c.limits.maxStringLength = .max
                c.limits.maxMessageBytes = 1 << 20
            case "smallMessages": c.limits.maxMessageBytes = 1024
            default: break
            }
        }
        // On first use, as `bridge-run run` has it for a script: only the cases that touch the
        // document (iframes, links) pay for loading it.
        engine.installPageSupportOnDemand()
        engine.addEventObserver { [unowned self] event in
            switch event {
            case .error(_, _, let error): errors.append(error)
            case .result: results += 1
            default: break
            }
        }
    }

    /// `true` when no prototype was altered and the SDK is intact.
    func prototypesIntact() throws -> Bool {
        try engine.evaluate(
            """
            (function () {
              var o = {};
              return o.polluted === undefined && Object.prototype.polluted === undefined && [].polluted === undefined &&
                Array.prototype.polluted === undefined && Function.prototype.polluted === undefined &&
                Object.getPrototypeOf({}) === Object.prototype && Object.getPrototypeOf([]) === Array.prototype &&
                typeof Object.prototype.hasOwnProperty === 'function' && typeof bridge.call === 'function' &&
                typeof webkit.messageHandlers.bridge.postMessage === 'function';
            })()
            """, sourceURL: "pollution-check.js") == .bool(true)
    }

    /// A normal call after the case: `bridge.call('echo', {probe: n})` resolves with `{probe: n}`.
    func probe(_ n: Int) async throws -> Bool {
        let settled = try await engine.settle("bridge.call('echo', {probe: \(n)})")
        return settled["ok"] == .bool(true) && settled["value"] == ["probe": .number(Double(n))]
    }

    /// Runs one case and reports what happened.
    func run(_ c: MessageCase) async throws -> CorpusObservation {
        errors = []
        results = 0
        let seenBefore = seen.count
        let start = Date()
        try engine.evaluate("globalThis.__o = null; globalThis.__m = null; globalThis.__r = undefined; void 0;")
        let input = c.input.stringValue ?? ""
        var seenValue: JSONValue?
        var direct: (String, String?)?
        func promiseJS(_ call: String) -> String {
            """
            Promise.resolve().then(function () { return \(call); }).then(
              function (v) { globalThis.__r = v; globalThis.__o = 'OK'; },
              function (e) { globalThis.__r = e; globalThis.__m = String(e && e.message);
                globalThis.__o = (e && typeof e.code === 'string') ? e.code : 'THROW:' + (e && e.name); });
            void 0;
            """
        }
        switch c.kind {
        case "params":
            try engine.evaluate(promiseJS("bridge.call('echo', (\(input)))"), sourceURL: "corpus-case.js")
        case "params_method":
            try engine.evaluate(promiseJS("bridge.call((\(input)), {})"), sourceURL: "corpus-case.js")
        case "nativeResult", "nativeError":
            if c.kind == "nativeResult" {
                nativeAnswer.update { $0 = .success(c.input) }
            } else {
                let error = BridgeError(json: c.input) ?? BridgeError(code: .handlerError, message: "bad corpus row")
                nativeAnswer.update { $0 = .failure(error) }
            }
            try engine.evaluate(promiseJS("bridge.call('corpus.native', {})"), sourceURL: "corpus-case.js")
        case "post", "post_other", "body":
            let handler = c.kind == "post_other" ? "nope" : "bridge"
            let body = c.kind == "body" ? "JSON.parse(\(JSONValue.string(input).jsLiteral))" : "(\(input))"
            try engine.evaluate(
                "try { webkit.messageHandlers.\(handler).postMessage(\(body)); } catch (e) { globalThis.__o = 'THROW:' + (e && e.name); } void 0;",
                sourceURL: "corpus-case.js")
        case "url", "url_big", "url_deep":
            var url = input
            if c.kind == "url_big", let mib = Int(input) {
                url = "hybrid://bridge?parameter=%7B%22action%22%3A%22echo%22%2C%22s%22%3A%22" + String(repeating: "x", count: mib << 20) + "%22%7D"
            } else if c.kind == "url_deep", let depth = Int(input) {
                url = "hybrid://bridge?parameter=%7B%22action%22%3A%22echo%22%2C%22v%22%3A" + String(repeating: "%5B", count: depth)
                    + String(repeating: "%5D", count: depth) + "%7D"
            }
            if !engine.offerURL(url) { direct = ("NOT_INTERCEPTED", nil) }
        case "iframe":
            try engine.evaluate(
                """
                globalThis.corpusIframeCb = function () {};
                var f = document.createElement('iframe'); f.src = \(JSONValue.string(input).jsLiteral); document.body.appendChild(f); void 0;
                """, sourceURL: "corpus-case.js")
        case "emit":
            try engine.evaluate("bridge.on('corpus', function (p) { globalThis.__r = p; globalThis.__o = 'OK'; }); void 0;")
            engine.emit("corpus", c.input)
        case "jsResult", "jsResultMissing":
            if c.kind == "jsResult" {
                try engine.evaluate("bridge.register('corpus', function (p) { return (\(input)); }); void 0;", sourceURL: "corpus-handler.js")
            }
            do {
                seenValue = try await engine.callJS(c.kind == "jsResult" ? "corpus" : "corpus.missing", c.params ?? .object([:]), timeout: .milliseconds(200))
                direct = ("OK", nil)
            } catch {
                direct = (error.code.rawValue, error.message)
            }
        default:
            Issue.record("unknown corpus kind \(c.kind)")
        }
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        var outcome = direct?.0
        var message = direct?.1
        if outcome == nil, case .string(let o) = try engine.evaluate("globalThis.__o") {
            outcome = o
            message = try engine.evaluate("globalThis.__m").stringValue
        }
        // A promise must settle by itself: an error seen only by the engine does not count.
        if outcome == nil, ["params", "params_method", "nativeResult", "nativeError", "emit"].contains(c.kind) {
            outcome = "UNSETTLED"
            message = errors.first.map { "the engine refused it with \($0) but the promise never settled" }
        }
        if outcome == nil {
            if let first = errors.first {
                outcome = first.code.rawValue
                message = first.message
            } else {
                outcome = results > 0 ? "OK" : "NONE"
            }
        }
        if seenValue == nil, seen.count > seenBefore { seenValue = seen.all.last }
        var checkPassed: Bool?
        if let check = c.check {
            checkPassed = try engine.evaluate("(function (r) { return !!(\(check)); })(globalThis.__r)", sourceURL: "corpus-check.js") == .bool(true)
        }
        return CorpusObservation(outcome: outcome ?? "NONE", message: message, seen: seenValue, checkPassed: checkPassed, seconds: Date().timeIntervalSince(start))
    }
}

@Suite("Bad-input corpus")
struct BadInputCorpusTests {
    @Test("the corpus holds at least 200 cases and every line parses")
    func corpusSize() {
        let messages = Reliability.lineCount("messages.jsonl")
        let schemas = Reliability.lineCount("schemas.jsonl")
        let files = Reliability.lineCount("files.jsonl")
        #expect(MessageCase.all.count == messages)
        #expect(SchemaCase.all.count == schemas)
        #expect(FileCase.all.count == files)
        #expect(messages + schemas + files >= 200, "corpus has \(messages) + \(schemas) + \(files) cases")
        let names = MessageCase.all.map(\.name) + SchemaCase.all.map(\.name) + FileCase.all.map(\.name)
        #expect(Set(names).count == names.count, "case names are unique")
    }

    @Test("each message case settles with its code; prototypes stay intact; a call still works", arguments: MessageCase.all)
    @MainActor
    func messageCase(_ c: MessageCase) async throws {
        let harness = try CorpusEngine(config: c.config)
        defer { harness.engine.close() }
        let seen = try await harness.run(c)
        let verdict = {
            #expect(seen.outcome == c.expect, "\(c.name): got \(seen.outcome) (\(seen.message ?? "no message"))")
            if let part = c.messageHas {
                #expect(seen.message?.contains(part) == true, "message '\(seen.message ?? "")' should contain '\(part)'")
            }
            if case .some(let expected) = c.seen {
                #expect(seen.seen == expected, "native side saw \(seen.seen?.jsonString() ?? "nothing")")
            }
            if c.check != nil {
                #expect(seen.checkPassed == true, "check failed: \(c.check ?? "")")
            }
        }
        if let issue = c.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) { verdict() }
        } else {
            verdict()
        }
        if seen.seconds > 1 { print("slow corpus case (\(String(format: "%.2f", seen.seconds)) s): \(c.name)") }
        if c.fast {
            #expect(seen.seconds < 10, "a huge input must be refused quickly; took \(seen.seconds) s")
        }
        #expect(try harness.prototypesIntact(), "a prototype was altered")
        #expect(try await harness.probe(1), "a normal call failed after the case")
        if c.undelivered {
            #expect(harness.engine.uncaughtErrors.count == 1, "\(harness.engine.uncaughtErrors)")
            #expect(harness.engine.uncaughtErrors.first?.message.contains("could not be delivered") == true, "\(harness.engine.uncaughtErrors)")
        } else {
            #expect(harness.engine.uncaughtErrors.isEmpty, "\(harness.engine.uncaughtErrors)")
        }
    }

    @Test("all message cases in one engine, in a row: it keeps working after every one")
    @MainActor
    func marathon() async throws {
        let harness = try CorpusEngine()
        defer { harness.engine.close() }
        var broken: [String] = []
        for (i, c) in MessageCase.all.enumerated() where c.config == nil {
            _ = try await harness.run(c)
            let intact = try harness.prototypesIntact()
            let works = try await harness.probe(i)
            if !intact || !works { broken.append(c.name) }
        }
        #expect(broken.isEmpty, "the engine stopped working or a prototype changed after: \(broken)")
        #expect(harness.engine.isIdle)
    }
}
