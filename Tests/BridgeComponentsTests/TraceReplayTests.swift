import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeComponents
@testable import BridgeCore
@testable import BridgeValues

/// `--mock TRACE`: a trace (JSON Lines) read as a fixture that replays each method's answers in
/// call order and its native-to-JS traffic as `$native` steps.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct TraceReplayTests {
    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).jsonl").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func problem(_ text: String) throws -> String? {
        let path = try file(text)
        do {
            _ = try MockFixture(contentsOf: path)
            return nil
        } catch {
            return error.message.replacingOccurrences(of: path, with: "T")
        }
    }

    @Test("answers pair with their calls by method and callbackId, in call order; refusals are not answers")
    func pairing() throws {
        let fixture = try MockFixture(contentsOf: try file(#"""
            {"type":"notice","seq":1,"message":"no capability file: every page may call every action"}
            {"type":"call","seq":2,"callbackId":"a","method":"user.get","params":{},"via":"message"}
            {"type":"call","seq":3,"callbackId":"b","method":"user.get","params":{},"via":"message"}
            {"type":"progress","seq":4,"callbackId":"b","progress":0.5}
            {"type":"result","seq":5,"callbackId":"b","method":"user.get","result":{"name":"Bo"}}
            {"type":"result","seq":6,"callbackId":"a","method":"user.get","result":{"name":"Ada"}}
            {"type":"call","seq":7,"callbackId":"c","method":"pay.start","params":{},"via":"message"}
            {"type":"error","seq":8,"callbackId":"c","error":{"code":"PERMISSION_DENIED","message":"no"},"method":"pay.start"}
            {"type":"call","seq":9,"callbackId":"d","method":"pay.start","params":{},"via":"message"}
            {"type":"error","seq":10,"callbackId":"d","error":{"code":"DECLINED","message":"card declined"},"method":"pay.start"}
            {"type":"call","seq":11,"callbackId":"e","method":"gone","params":{},"via":"message"}
            {"type":"error","seq":12,"callbackId":"e","error":{"code":"METHOD_NOT_FOUND","message":"no handler for method 'gone'"},"method":"gone"}

            {"type":"result","seq":13,"callbackId":null,"method":"track","result":null}
            {"type":"call","seq":14,"callbackId":"f","method":"slow","params":{},"via":"message"}
            {"type":"error","seq":15,"callbackId":"f","error":{"code":"CANCELLED","message":"engine closed"},"method":"slow"}
            """#))
        #expect(fixture.methods == ["pay.start", "slow", "track", "user.get"])
        var second = MockFixture.Entry(outcome: .success(["name": "Bo"]))
        second.progress = [0.5]
        #expect(fixture.replayAnswers(for: "user.get") == [.answer(.init(outcome: .success(["name": "Ada"]))), .answer(second)])
        #expect(fixture.replayAnswers(for: "pay.start") == [.answer(.init(outcome: .failure(BridgeError(code: .init(rawValue: "DECLINED"), message: "card declined"))))])
        #expect(fixture.replayAnswers(for: "gone") == [])
        #expect(fixture.replayAnswers(for: "track") == [.answer(.init(outcome: .success(.null)))])
        #expect(fixture.replayAnswers(for: "slow") == [.never])
        #expect(fixture.entry(for: "user.get") == MockFixture.Entry(outcome: .success(["name": "Ada"])))
        #expect(fixture.nativeSteps == [])
    }

    @Test("callJS and event lines become steps after the answer before them")
    func steps() throws {
        let fixture = try MockFixture(contentsOf: try file(#"""
            {"type":"event","seq":1,"name":"ready","payload":null}
            {"type":"result","seq":2,"callbackId":"1","method":"user.get","result":1}
            {"type":"result","seq":3,"callbackId":"2","method":"user.get","result":2,"delayMs":30}
            {"type":"callJS","seq":4,"handler":"addValue","params":[3,4]}
            {"type":"jsResult","seq":5,"complete":true,"handler":"addValue","result":7}
            {"type":"callJS","seq":6,"handler":"ping","params":null}
            """#))
        var ready = NativeStep(action: .emit("ready", .null))
        ready.fromTrace = true
        var add = NativeStep(action: .callJS("addValue", .data([3, 4])), after: "user.get")
        add.afterCount = 2
        add.fromTrace = true
        var ping = add
        ping.action = .callJS("ping", .none)
        #expect(fixture.nativeSteps == [ready, add, ping])
        #expect(fixture.replayAnswers(for: "user.get") == [.answer(.init(outcome: .success(1))), .answer(.init(outcome: .success(2), delay: .milliseconds(30)))])
    }

    @Test("the n-th call gets the n-th answer; then the last again, noticed once")
    func replayInOrder() async throws {
        let fixture = try MockFixture(contentsOf: try file(#"""
            {"type":"result","seq":1,"callbackId":"x","method":"n","result":1}
            {"type":"error","seq":2,"callbackId":"y","method":"n","error":{"code":"BUSY","message":"later"}}
            {"type":"result","seq":3,"callbackId":"z","method":"n","result":3}
            """#))
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        var notices: [String] = []
        engine.addEventObserver { if case .notice(let m) = $0 { notices.append(m) } }
        fixture.install(on: engine)
        let out = try await engine.settle("""
            (async function () {
              const got = [];
              for (let i = 0; i < 5; i++) got.push(await bridge.call('n').catch(function (e) { return e.code; }));
              return got;
            })()
            """)
        #expect(out["value"] == [1, "BUSY", 3, 3, 3])
        #expect(notices == ["replay: 'n' was called more often than the trace recorded (3 answers); further calls get the last one again"])
    }

    @Test("a bad line is one message with the file and line")
    func badLines() throws {
        let first = #"{"type":"notice","seq":1,"message":"x"}"# + "\n"
        let cases: [(String, String)] = [
            ("{\"type\":\"result\"", "T:2: invalid JSON: unexpected end of JSON in object"),
            ("[1]", #"T:2: a trace line must be a JSON object {"type": …}"#),
            (#"{"seq":2}"#, #"T:2: no "type" (each line is one event: {"type": "result", "method": …})"#),
            (#"{"type":7}"#, #"T:2: "type" must be a string"#),
            (#"{"type":"reslt"}"#, #"T:2: unknown type "reslt" (expected call, callJS, console, dialog, error, event, exception, http, jsError, jsResult, navigate, notice, progress, result, websocket)"#),
            (#"{"type":"result","result":1}"#, #"T:2: a "result" line needs "method": the method name"#),
            (#"{"type":"call","method":""}"#, #"T:2: a "call" line needs "method": the method name"#),
            (#"{"type":"result","method":"m","callbackId":5}"#, #"T:2: "callbackId" must be a string or null"#),
            (#"{"type":"error","method":"m","error":"bad"}"#, #"T:2: an "error" line needs "error": {"code": string, "message": string}"#),
            (#"{"type":"error","method":7,"error":{"code":"X","message":"y"}}"#, #"T:2: an "error" line's "method" must be a method name or null"#),
            (#"{"type":"result","method":"m","result":1,"delayMs":-3}"#, #"T:2: "delayMs" must be a number >= 0"#),
            (#"{"type":"callJS","params":1}"#, #"T:2: a "callJS" line needs "handler": the JS handler's name"#),
            (#"{"type":"event","payload":1}"#, #"T:2: an "event" line needs "name": the event name"#),
        ]
        for (line, message) in cases {
            #expect(try problem(first + line + "\n") == message, "\(line)")
        }
        // A JSON object file is a mock fixture, whatever its first line holds.
        #expect(try problem(#"{"type": {"result": 1}}"#) == nil)
        #expect(try problem("{\n\"type\": 3}") == #"T: mock for 'type' must be an object with "result" or "error""#)
    }

    @Test("a file parsed once as JSON is a trace only when its first line may be one")
    func oneParseDecides() throws {
        // One line with a string type is a trace (one event), with blank lines around it or not.
        for text in [#"{"type":"notice","seq":1,"message":"m"}"#, "\n \n{\"type\":\"notice\",\"seq\":1,\"message\":\"m\"}\n\n"] {
            #expect(try MockFixture(contentsOf: try file(text)).isReplay, "\(text)")
        }
        // A one-line mock is a mock, parsed once.
        let mock = try MockFixture(contentsOf: try file(#"{"m": {"result": 1}, "$http": []}"#))
        #expect(!mock.isReplay)
        #expect(mock.entry(for: "m")?.outcome == .success(1))
        #expect(mock.hasHTTPFixtures)
        #expect(try !MockFixture(contentsOf: try file(#"{"m": {"result": 1}}"#)).hasHTTPFixtures)
        #expect(try problem("{\n\"type\": \"notice\"}") == #"T: mock for 'type' must be an object with "result" or "error""#)
        #expect(try problem("") == "T: invalid JSON: unexpected end of JSON (byte 0)")
        // The shortcut never hides a trace: wherever the first non-blank line is a trace line,
        // the file's one parse says it may be one.
        let texts = [
            #"{"type":"x"}"#, "\u{A0}\n{\"type\":\"x\"}", "{\"type\":\"x\"}\r\n{\"type\":\"y\"}", "{\"type\":\"x\"}\n{}", "{\"type\":\"x\"} ",
            "\u{2028}\n{\"type\":\"x\"}", "{\"type\":\"x\",\"type\":1}", "{\"type\":1,\"type\":\"x\"}", "[{\"type\":\"x\"}]", "{\"a\":{\"type\":\"x\"}}",
            "{\"type\":\"x\"}\n\u{A0}", "\t{\"type\" : \"x\"}\t\n", "{\"type\":\"x\"}\r", "{}\n{\"type\":\"x\"}",
        ]
        for text in texts {
            let parsed: Result<JSONValue, BridgeError>
            do { parsed = .success(try JSONValue(fileBytes: Array(text.utf8), path: "T")) } catch { parsed = .failure(error) }
            if TraceReplay.looksLikeTrace(text[...]) { #expect(MockFixture.mayBeTrace(parsed), "\(text.debugDescription)") }
        }
        #expect(!MockFixture.mayBeTrace(.success(["a": ["type": "x"]])))
        #expect(MockFixture.mayBeTrace(.success(["type": "x"])))
    }

    @Test("the first non-blank line is found as splitting the whole text into lines found it", arguments: [
        "", "\n\n", "   \n\t\n", "{\"type\":\"call\"}", "\n\n  {\"type\":\"call\"}\n{}", "{\n  \"a\": {}\n}\n",
        "\r\n\r\n{\"type\":\"call\"}\r\n", "x\r\ny\n", " \r\n", "\u{2028}\n\u{A0}\nz", "caf\u{E9}\n", "\n\u{1F600}\n", "a\nb", "\n \r\n\n q \r\n",
    ])
    func firstNonBlankLine(text: String) {
        let expected = text[...].split(separator: "\n", omittingEmptySubsequences: true).first(where: { !$0.allSatisfy(\.isWhitespace) })
        #expect(TraceReplay.firstNonBlankLine(text[...]).map(String.init) == expected.map(String.init))
    }
}
