import Foundation
import Testing

/// Native events on peer pages (`$native` `emit`): Capacitor plugin listeners and DOM events,
/// Cordova's lifecycle events; cordova.js's console printing once; and, opt-in, the peers' own
/// JS files (not shipped in this repository).
@Suite struct PeerEventCommandTests {
    func write(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("peer-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    @Test func capacitorListenersAndDOMEventsGetNativeEvents() async throws {
        let dir = try write([
            "index.html": """
                <!DOCTYPE html><html><body><script>
                const { App, Network } = Capacitor.Plugins;
                App.addListener('appStateChange', (state) => console.log('appStateChange', JSON.stringify(state)));
                Network.addListener('networkStatusChange', async (s) => { console.log('network', s.connected); await handle.remove(); console.log('removed'); });
                const handle = Network.addListener('networkStatusChange', (s) => console.log('second listener', s.connected));
                Capacitor.addListener('Keyboard', 'keyboardWillShow', (info) => console.log('keyboard', info.keyboardHeight));
                window.addEventListener('keyboardDidShow', (e) => console.log('window keyboardDidShow', e.keyboardHeight));
                document.addEventListener('resume', () => console.log('document resume'));
                </script></body></html>
                """,
            "mock.json": """
                {"$native": [
                 {"emit": "App.appStateChange", "payload": {"isActive": false}},
                 {"emit": "Network.networkStatusChange", "payload": {"connected": true}},
                 {"emit": "Network.networkStatusChange", "payload": {"connected": false}, "delayMs": 10},
                 {"emit": "Keyboard.keyboardWillShow", "payload": {"keyboardHeight": 336}},
                 {"emit": "window:keyboardDidShow", "payload": {"keyboardHeight": 336}},
                 {"emit": "document:resume"},
                 {"emit": "App.nobodyListens"}
                ]}
                """,
        ])
        let r = try await CLI.run(["run", dir.appendingPathComponent("index.html").path, "--mock", dir.appendingPathComponent("mock.json").path, "--virtual-time", "--trace", "-"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.errorLines == [
            // The second listener is removed while the first event is delivered: it still gets
            // that one (removal goes through native), not the next.
            #"appStateChange {"isActive":false}"#, "network true", "second listener true", "removed", "network false", "removed",
            "keyboard 336", "window keyboardDidShow 336", "document resume",
        ])
        // Listener bookkeeping is the native bridge's own: no calls; each emit is traced.
        let types = r.lines.compactMap { line -> String? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let type = o["type"] as? String else { return nil }
            return type == "event" ? "event \(o["name"] as? String ?? "")" : type == "call" ? "call \(o["method"] as? String ?? "")" : nil
        }
        #expect(types == [
            "event App.appStateChange", "event Network.networkStatusChange", "event Network.networkStatusChange",
            "event Keyboard.keyboardWillShow", "event window:keyboardDidShow", "event document:resume", "event App.nobodyListens",
        ])
    }

    static let cordovaPage = """
        <!DOCTYPE html><html><body><script src="cordova.js"></script><script>
        document.addEventListener('deviceready', function () {
          console.log('deviceready');
          document.addEventListener('pause', function () { console.log('pause'); }, false);
          document.addEventListener('resume', function (e) { console.log('resume', JSON.stringify(e.pendingResult)); }, false);
          document.addEventListener('backbutton', function () { console.log('backbutton'); }, false);
          window.addEventListener('orientation', function (e) { console.log('window orientation', e.angle); });
        }, false);
        </script></body></html>
        """
    static let cordovaSteps = #"""
        {"$native": [{"emit": "pause"}, {"emit": "resume", "payload": {"pendingResult": {"pluginStatus": "OK"}}},
          {"emit": "backbutton", "delayMs": 10}, {"emit": "window:orientation", "payload": {"angle": 90}}]}
        """#
    static let cordovaOutput = ["deviceready", "pause", #"resume {"pluginStatus":"OK"}"#, "backbutton", "window orientation 90"]

    @Test func cordovaLifecycleEventsReachDocumentListeners() async throws {
        let standIn = try String(contentsOf: CLI.root.appendingPathComponent("Examples/peers/cordova/cordova.js"), encoding: .utf8)
        let dir = try write(["index.html": Self.cordovaPage, "cordova.js": standIn, "mock.json": Self.cordovaSteps])
        let r = try await CLI.run(["run", dir.appendingPathComponent("index.html").path, "--mock", dir.appendingPathComponent("mock.json").path, "--virtual-time"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == Self.cordovaOutput)
    }

    @Test func cordovaConsoleLinesPrintOnce() async throws {
        // cordova-ios's console: the original console prints at once, the native logger
        // (`Console.logLevel`) gets the line later through exec; a logger-only line prints too.
        let dir = try write(["page.js": """
            window.cordova = { version: 'test' };
            const original = console.log.bind(console), originalError = console.error.bind(console);
            function native(level, message) {
              setTimeout(function () { webkit.messageHandlers.cordova.postMessage(['INVALID', 'Console', 'logLevel', [level, message]]); }, 0);
            }
            console.log = function () { original.apply(null, arguments); native('LOG', [].slice.call(arguments).map(function (a) { return typeof a === 'string' ? a : '[object Object]'; }).join(' ')); };
            console.error = function (m) { originalError(m); native('ERROR', m); };
            console.log('hello');
            console.log('with', {a: 1});
            console.error('oops');
            native('LOG', 'logger only');
            """])
        let r = try await CLI.run(["run", dir.appendingPathComponent("page.js").path])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["hello", "with { a: 1 }", "oops", "logger only"])
        #expect(r.errorLines == [])
    }

    @Test func jsbridgeMasterPagesUseDoSendAndWVJBCallbacks() async throws {
        // JsBridge's current master: `doSend` for the default handler, `WVJBCallbacks` run
        // before the ready event.
        let dir = try write([
            "index.html": """
                <!DOCTYPE html><html><body><script>
                window.WVJBCallbacks = [function (b) { b.callHandler('submitFromWeb', {param: 'hi'}, function (r) { console.log('submitFromWeb ->', r); }); }];
                document.addEventListener('WebViewJavascriptBridgeReady', function (e) {
                  e.bridge.init(function (message, respond) { respond('default'); });
                  e.bridge.doSend({to: 'default'}, function (r) { console.log('doSend ->', r); });
                }, false);
                </script></body></html>
                """,
            "mock.json": #"{"submitFromWeb": {"result": "ok"}, "send": {"result": "sent"}}"#,
        ])
        let r = try await CLI.run(["run", dir.appendingPathComponent("index.html").path, "--mock", dir.appendingPathComponent("mock.json").path, "--virtual-time"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["submitFromWeb -> ok", "doSend -> sent"])
    }

    // MARK: The peers' own files (opt-in)

    static let dsbridgeJS = ProcessInfo.processInfo.environment["BRIDGE_PEER_DSBRIDGE_JS"]
    static let cordovaJS = ProcessInfo.processInfo.environment["BRIDGE_PEER_CORDOVA_JS"]

    /// The example directory with the peer's own file in place of the stand-in.
    func exampleWith(_ peer: String, file: String, from path: String, extra: [String: String] = [:]) throws -> URL {
        let source = CLI.root.appendingPathComponent("Examples/peers/\(peer)")
        var files = extra
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name != file {
            files[name] = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
        }
        files[file] = try String(contentsOfFile: path, encoding: .utf8)
        return try write(files)
    }

    @Test(.enabled(if: dsbridgeJS != nil, "set BRIDGE_PEER_DSBRIDGE_JS to DSBridge's dist/dsbridge.js (3.x) to run the DSBridge example against it"))
    func realDSBridgeFileGivesTheExamplesOutput() async throws {
        let dir = try exampleWith("dsbridge", file: "dsbridge.js", from: try #require(Self.dsbridgeJS))
        let r = try await CLI.run(["run", dir.appendingPathComponent("index.html").path, "--mock", dir.appendingPathComponent("mock.json").path, "--virtual-time"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "testSyn -> testSyn[syn call]", #"echo.syn -> {"echoed":true,"msg":"hi","tag":1}"#, "has testSyn: true has nope: false",
            "unknown -> undefined", "testAsyn -> testAsyn[asyn call]",
        ])
    }

    /// cordova-ios loads `cordova_plugins.js` next to it; an app without plugins has an empty list.
    static let noPlugins = "cordova.define('cordova/plugin_list', function (require, exports, module) { module.exports = []; module.exports.metadata = {}; });\n"

    @Test(.enabled(if: cordovaJS != nil, "set BRIDGE_PEER_CORDOVA_JS to cordova-ios's built cordova.js (6.x) to run the Cordova pages against it"))
    func realCordovaFileGivesTheExamplesOutputOnceAndLifecycleEvents() async throws {
        let path = try #require(Self.cordovaJS)
        let dir = try exampleWith("cordova", file: "cordova.js", from: path, extra: ["cordova_plugins.js": Self.noPlugins])
        let r = try await CLI.run(["run", dir.appendingPathComponent("index.html").path, "--mock", dir.appendingPathComponent("mock.json").path, "--virtual-time"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "deviceready", "device: iOS iPhone15,2", "Camera.takePicture failed: NO_CAMERA no camera in a headless run", #"download progress or done: {"done":true}"#,
        ])
        let events = try write(["index.html": Self.cordovaPage, "cordova.js": try String(contentsOfFile: path, encoding: .utf8), "cordova_plugins.js": Self.noPlugins, "mock.json": Self.cordovaSteps])
        let e = try await CLI.run(["run", events.appendingPathComponent("index.html").path, "--mock", events.appendingPathComponent("mock.json").path, "--virtual-time"])
        #expect(e.status == 0, "stderr: \(e.stderr)")
        #expect(e.lines == Self.cordovaOutput)
    }
}
