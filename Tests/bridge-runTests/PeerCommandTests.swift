import Foundation
import Testing

/// Pages written for WVJB, DSBridge, JsBridge, Cordova and Capacitor (Examples/peers), run
/// end to end with their mocks and `$native` steps: exact console output, and the trace's
/// calls, answers and native-to-JS events in order (callback ids, which carry clock values and
/// random numbers, left out).
@Suite struct PeerCommandTests {
    func write(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("peers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `type method|handler [via] [result|error code|complete]` per trace line, notices kept.
    func summary(_ trace: [String]) throws -> [String] {
        try trace.map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let type = o["type"] as? String ?? "?"
            switch type {
            case "call": return "call \(o["method"] as? String ?? "") \(o["via"] as? String ?? "")"
            case "result": return "result \(o["method"] as? String ?? "")"
            case "error": return "error \(o["method"] as? String ?? "") \((o["error"] as? [String: Any])?["code"] as? String ?? "")"
            case "callJS": return "callJS \(o["handler"] as? String ?? "")"
            case "jsResult": return "jsResult \(o["handler"] as? String ?? "") \(o["complete"] as? Bool == true ? "complete" : "partial")"
            case "jsError": return "jsError \(o["handler"] as? String ?? "") \((o["error"] as? [String: Any])?["code"] as? String ?? "")"
            case "notice": return "notice \(o["message"] as? String ?? "")"
            default: return type
            }
        }.filter { $0 != "console" }
    }

    func run(_ peer: String) async throws -> (CLI.Result, [String]) {
        let r = try await CLI.run(["run", "Examples/peers/\(peer)/index.html", "--mock", "Examples/peers/\(peer)/mock.json", "--virtual-time", "--trace", "-"])
        return (r, try summary(r.lines))
    }

    @Test func wvjbPageHandshakesCallsAndIsCalled() async throws {
        let (r, trace) = try await run("wvjb")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.errorLines == [
            #"ObjC Echo answered: {"echoed":true,"key":"value"}"#, "user: Ada", #"JS Echo called with: {"from":"native"}"#,
        ])
        #expect(trace == [
            "notice no capability file: every page may call every action", "notice peer protocol: WebViewJavascriptBridge",
            "call ObjC Echo wvjb", "result ObjC Echo", "call user.get wvjb", "call missing.handler wvjb", "error missing.handler METHOD_NOT_FOUND",
            "result user.get", "callJS JS Echo", "jsResult JS Echo complete",
        ])
    }

    @Test func dsbridgePageSyncAsyncNamespacesAndPartialAnswers() async throws {
        let (r, trace) = try await run("dsbridge")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.errorLines == [
            "testSyn -> testSyn[syn call]", #"echo.syn -> {"echoed":true,"msg":"hi","tag":1}"#, "has testSyn: true has nope: false",
            "unknown -> undefined", "testAsyn -> testAsyn[asyn call]",
        ])
        #expect(trace == [
            "notice no capability file: every page may call every action", "notice peer protocol: DSBridge",
            "call testSyn dsbridge", "result testSyn", "call testAsyn dsbridge", "call echo.syn dsbridge", "result echo.syn",
            "call nope dsbridge", "error nope METHOD_NOT_FOUND",
            "callJS addValue", "jsResult addValue complete", "callJS append", "jsResult append complete",
            "result testAsyn", "callJS startTimer", "jsResult startTimer partial", "jsResult startTimer partial", "jsResult startTimer complete",
            "callJS syn.getInfo", "jsResult syn.getInfo complete",
        ])
        #expect(r.lines.contains { $0.contains(#""type":"jsResult""#) && $0.contains(#""handler":"addValue""#) && $0.contains(#""result":7"#) })
    }

    @Test func jsbridgePageGetsItsBridgeAfterLoadAndStrings() async throws {
        let (r, trace) = try await run("jsbridge")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.errorLines == [
            "submitFromWeb answered (a string): submitFromWeb exe, response data from Java", #"functionInJs got: {"id":7,"name":"Ada"}"#,
        ])
        #expect(trace == [
            "notice no capability file: every page may call every action", "notice peer protocol: JsBridge",
            "call submitFromWeb jsbridge", "result submitFromWeb", "callJS functionInJs", "jsResult functionInJs complete",
        ])
        #expect(r.lines.contains { $0.contains(#""params":"{\"param\":\"hello\"}""#) })
    }

    @Test func cordovaPageExecsAfterDeviceready() async throws {
        let (r, trace) = try await run("cordova")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.errorLines == [
            "deviceready", "device: iOS iPhone15,2", "Camera.takePicture failed: NO_CAMERA no camera in a headless run", #"download progress or done: {"done":true}"#,
        ])
        #expect(trace == [
            "notice no capability file: every page may call every action", "notice peer protocol: Cordova",
            "call Device.getDeviceInfo cordova", "result Device.getDeviceInfo", "call Camera.takePicture cordova", "error Camera.takePicture NO_CAMERA",
            "call Transfer.download cordova", "result Transfer.download",
        ])
    }

    @Test func capacitorPluginCallsArePromises() async throws {
        let (r, trace) = try await run("capacitor")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.errorLines == [
            "platform: ios native: true Device available: true", "model: iPhone os: ios", "language: en",
            "Toast.show rejected: UNAVAILABLE no toasts headless", #"Camera.getPhoto rejected: UNIMPLEMENTED "Camera.getPhoto()" is not implemented on ios"#,
        ])
        #expect(trace == [
            "notice no capability file: every page may call every action", "notice peer protocol: Capacitor",
            "call Device.getInfo capacitor", "result Device.getInfo", "call Device.getLanguageCode capacitor", "result Device.getLanguageCode",
            "call Toast.show capacitor", "error Toast.show UNAVAILABLE", "call Camera.getPhoto capacitor", "error Camera.getPhoto METHOD_NOT_FOUND",
        ])
    }

    @Test func nativeStepsDriveOurOwnSDK() async throws {
        let page = try write("sdk.js", """
            bridge.register('greet', (p) => 'hello ' + p.name);
            bridge.on('tick', (n) => console.log('tick', n));
            bridge.call('user.get').then((u) => console.log('user', u.name));
            """)
        let mock = try write("mock.json", #"{"user.get": {"result": {"name": "Ada"}}, "$native": [{"emit": "tick", "payload": 1}, {"callJS": "greet", "data": {"name": "Bo"}, "after": "user.get", "delayMs": 50}, {"callJS": "nope"}]}"#)
        let r = try await CLI.run(["run", page, "--mock", mock, "--virtual-time"])
        #expect(r.status == 1)
        #expect(r.lines == ["tick 1", "user Ada"])
        #expect(r.errorLines == ["bridge-run: $native step 3 (callJS 'nope') failed: METHOD_NOT_FOUND: no JS handler registered for 'nope'"])
    }

    @Test func aStepThatCanNeverBeSentFailsTheRun() async throws {
        let page = try write("sdk.js", "bridge.register('greet', () => 1);")
        let mock = try write("mock.json", #"{"$native": [{"callJS": "greet", "after": "never.called"}]}"#)
        let r = try await CLI.run(["run", page, "--mock", mock, "--virtual-time"])
        #expect(r.status == 1)
        #expect(r.errorLines == ["bridge-run: $native step 1 (callJS 'greet') was never sent: the page never called 'never.called'"])
    }

    @Test func aMalformedNativeListIsAMockFileError() async throws {
        let page = try write("sdk.js", "1;")
        let mock = try write("mock.json", #"{"$native": [{"callJS": "a", "emit": "b"}]}"#)
        let r = try await CLI.run(["run", page, "--mock", mock])
        #expect(r.status == 2)
        #expect(r.errorLines == ["bridge-run: \(mock): \"$native\" step 1 has both \"callJS\" and \"emit\"; one step does one thing"])
    }

    @Test func pageDeclarationsOfBridgeWin() async throws {
        let page = try write("mine.js", "var bridge = { mine: true };\nconsole.log(bridge.mine, typeof bridgeSDK.call);")
        let r = try await CLI.run(["run", page])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["true function"])
        let lexical = try write("let.js", "let bridge = 5;\nconsole.log(bridge, typeof bridgeSDK.call);")
        let l = try await CLI.run(["run", lexical])
        #expect(l.status == 0, "stderr: \(l.stderr)")
        #expect(l.lines == ["5 function"])
    }
}
