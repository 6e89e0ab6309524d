import Foundation
import Testing

/// `--mock TRACE`: a run recorded with `--trace FILE` replays with the same output; a trace an
/// app's own bridge logged drives a page; bad lines are mock-file errors naming file:line.
@Suite struct ReplayCommandTests {
    func write(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The trace without `seq` and callback ids (clock values and random numbers differ per run).
    func comparable(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            var o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            o["seq"] = nil
            if o["callbackId"] is String { o["callbackId"] = "id" }
            let data = try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test(arguments: ["peers/wvjb", "peers/dsbridge", "peers/jsbridge", "peers/cordova", "peers/capacitor", "page"])
    func aRecordedRunReplaysWithTheSameOutput(_ example: String) async throws {
        let recorded = try write("recorded.jsonl", "")
        let page = "Examples/\(example)/index.html", mock = "Examples/\(example)/mock.json"
        let first = try await CLI.run(["run", page, "--mock", mock, "--virtual-time", "--trace", recorded])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let replayed = try write("replayed.jsonl", "")
        let second = try await CLI.run(["run", page, "--mock", recorded, "--virtual-time", "--trace", replayed])
        #expect(second.status == first.status, "stderr: \(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(second.stderr == first.stderr)
        #expect(!first.lines.isEmpty)
        if ["peers/wvjb", "peers/dsbridge", "peers/cordova"].contains(example) {
            // Their mocks delay answers; the trace has no clock, so replayed answers come at once
            // and the trace's lines may be ordered differently (the page's output is not).
            #expect(try Set(comparable(replayed)) == Set(comparable(recorded)))
        } else {
            #expect(try comparable(replayed) == comparable(recorded))
        }
    }

    @Test func aTraceLoggedByAnAppsBridgeDrivesThePage() async throws {
        let page = try write("app.js", """
            bridge.register('greet', (p) => 'hello ' + p.name);
            bridge.on('tick', (n) => console.log('tick', n));
            (async () => {
              for (let i = 0; i < 4; i++) {
                try { console.log('balance', (await bridge.call('wallet.balance')).cents); }
                catch (e) { console.log('failed', e.code, e.message); }
              }
            })();
            """)
        // What an app's bridge logs: no seq, no call lines, one line per answer and event.
        let trace = try write("app.jsonl", """
            {"type":"result","method":"wallet.balance","callbackId":null,"result":{"cents":100}}
            {"type":"error","method":"wallet.balance","callbackId":null,"error":{"code":"OFFLINE","message":"no network"}}

            {"type":"event","name":"tick","payload":1}
            {"type":"result","method":"wallet.balance","callbackId":null,"result":{"cents":250},"delayMs":40}
            {"type":"callJS","handler":"greet","params":{"name":"Ada"}}
            {"type":"jsResult","handler":"greet","result":"hello Ada","complete":true}
            """)
        let r = try await CLI.run(["run", page, "--mock", trace, "--virtual-time", "--trace", "-"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // The event goes out as the second answer does (both in one delivery to the page), so
        // its listener runs before the awaiting code resumes.
        #expect(r.errorLines == ["balance 100", "tick 1", "failed OFFLINE no network", "balance 250", "balance 250"])
        let types = r.lines.compactMap { line -> String? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let type = o["type"] as? String, type != "console" else { return nil }
            return type == "notice" ? "notice \(o["message"] as? String ?? "")" : type + " " + ((o["method"] ?? o["handler"] ?? o["name"]) as? String ?? "")
        }
        #expect(types == [
            "notice no capability file: every page may call every action",
            "call wallet.balance", "result wallet.balance", "call wallet.balance", "error wallet.balance",
            "event tick", "call wallet.balance", "result wallet.balance",
            "callJS greet", "jsResult greet", "call wallet.balance",
            "notice replay: 'wallet.balance' was called more often than the trace recorded (3 answers); further calls get the last one again",
            "result wallet.balance",
        ])
    }

    @Test func aBadTraceLineIsAMockFileError() async throws {
        let trace = try write("bad.jsonl", """
            {"type":"result","method":"a","callbackId":null,"result":1}
            {"type":"result","callbackId":null,"result":2}
            """)
        let r = try await CLI.run(["run", "Examples/hello/hello.js", "--mock", trace])
        #expect(r.status == 2)
        #expect(r.errorLines == [#"bridge-run: \#(trace):2: a "result" line needs "method": the method name"#])
        let json = try write("bad.jsonl", "{\"type\":\"call\",\"method\":\"a\"}\n{\"type\":\"result\",\"method\":\"a\",\n")
        let j = try await CLI.run(["run", "Examples/hello/hello.js", "--mock", json])
        #expect(j.status == 2)
        #expect(j.errorLines == ["bridge-run: \(json):2: invalid JSON: expected a string key"])
    }
}
