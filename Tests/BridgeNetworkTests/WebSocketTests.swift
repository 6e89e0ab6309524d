import Testing
import BridgeRuntimeTesting

@testable import BridgeNetwork
@testable import BridgeCore

/// The fixture-driven WebSocket: open, scripted messages, replies (on a timeline of their own:
/// a reply follows its page message, not the pending scripted messages), closes, failures, trace.
@MainActor
@Suite struct WebSocketTests {
    static let rules = """
        [{"websocket": "wss://chat.example.com/room/*", "protocol": "chat", "delayMs": 5,
          "messages": [{"text": "welcome"}, {"json": {"type": "count", "n": 2}, "delayMs": 10}, {"base64": "AAE="}],
          "replies": [{"match": "ping*", "text": "pong", "delayMs": 3}, {"match": "bye", "close": {"code": 4001, "reason": "asked"}}, {"match": "*", "echo": true}]},
         {"websocket": "wss://down.example.com/*", "error": "connection refused"}]
        """

    @Test func scriptedConversation() async throws {
        let (lines, log) = try await Net.run("""
            const ws = new WebSocket('wss://chat.example.com/room/1', ['chat', 'v2']);
            ws.binaryType = 'arraybuffer';
            console.log(ws.readyState, ws.url, ws.protocol === '');
            ws.onopen = () => { console.log('open', ws.readyState, ws.protocol, performance.now()); ws.send('ping 1'); ws.send('hello?'); };
            ws.onmessage = e => {
              const d = typeof e.data === 'string' ? e.data : 'bytes ' + Array.from(new Uint8Array(e.data)).join(',');
              console.log('message', d, e.origin, performance.now());
              if (d.startsWith('bytes')) ws.send('bye');
            };
            ws.onclose = e => console.log('close', e.code, e.reason, e.wasClean, ws.readyState);
            """, rules: Self.rules)
        #expect(lines == [
            "0 wss://chat.example.com/room/1 true",
            "open 1 chat 5",
            "message welcome wss://chat.example.com 5",
            "message pong wss://chat.example.com 8",
            "message hello? wss://chat.example.com 8",
            #"message {"type": "count", "n": 2} wss://chat.example.com 15"#,
            "message bytes 0,1 wss://chat.example.com 15",
            "close 4001 asked true 3",
        ])
        #expect(log.sockets.map(\.phase) == ["connect", "open", "send", "send", "message", "message", "message", "message", "message", "send", "close"])
        #expect(log.sockets.last?.details["by"] == "server")
    }

    @Test func failuresAndUnservedURLs() async throws {
        let (lines, _) = try await Net.run("""
            for (const u of ['wss://down.example.com/x', 'ws://nobody.example.com/']) {
              const ws = new WebSocket(u);
              ws.onerror = e => console.log('error', e.type, ws.readyState);
              ws.onclose = e => console.log('close', e.code, e.wasClean);
            }
            try { new WebSocket('ftp://x/'); } catch (e) { console.log(e.name); }
            const early = new WebSocket('wss://chat.example.com/room/2');
            try { early.send('x'); } catch (e) { console.log(e.name); }
            """, rules: Self.rules)
        #expect(lines == ["SyntaxError", "InvalidStateError", "error error 3", "close 1006 false", "error error 3", "close 1006 false"])
    }

    @Test func pageCloses() async throws {
        let (lines, log) = try await Net.run("""
            const ws = new WebSocket('https://chat.example.com/room/3', 'chat');
            ws.onopen = () => { ws.close(1000, 'done'); console.log('closing', ws.readyState); };
            ws.onmessage = e => console.log('never', e.data);
            ws.onclose = e => console.log('close', e.code, e.reason, ws.url);
            """, rules: Self.rules)
        #expect(lines == ["closing 2", "close 1000 done wss://chat.example.com/room/3"])
        #expect(log.sockets.last?.details["by"] == "page")
    }

    @Test func aSocketWithScriptedStepsShowsInThePendingSummary() throws {
        let (engine, _) = try Net.engine(Self.rules)
        defer { engine.close() }
        try engine.execute("new WebSocket('wss://chat.example.com/room/9'); fetch('data:,x'); setTimeout(() => {}, 5);")
        #expect(engine.pendingSummary == "1 timer, 1 HTTP request (GET data:,x), 1 WebSocket with scripted steps")
    }

    @Test func aSubprotocolNotOfferedOrACloseWhileConnectingFailsTheConnection() async throws {
        // Both opened (the first with the fixture's protocol) or closed cleanly with 1005 before.
        let (lines, log) = try await Net.run("""
            const a = new WebSocket('wss://chat.example.com/room/1', 'other');
            const c = new WebSocket('wss://chat.example.com/room/4');
            c.onopen = () => console.log('c open'); c.onclose = e => console.log('c close', e.code);
            a.onopen = () => console.log('a open'); a.onerror = () => console.log('a error', a.readyState);
            a.onclose = e => console.log('a close', e.code, e.wasClean);
            const b = new WebSocket('wss://chat.example.com/room/2');
            b.onopen = () => console.log('b open'); b.onerror = () => console.log('b error');
            b.onclose = e => console.log('b close', e.code, e.wasClean, b.readyState);
            b.close();
            console.log('b closing', b.readyState);
            """, rules: Self.rules)
        #expect(lines == ["b closing 2", "b error", "b close 1006 false 3", "a error 3", "a close 1006 false", "c close 1006"])
        #expect(log.sockets.filter { $0.phase == "error" }.compactMap { $0.details["cause"]?.stringValue } == ["page", "protocol", "protocol"])
    }

    @Test func messagesWithoutADelayOfTheirOwnFollowADelayedOpenOnTheSystemClock() async throws {
        // Each step was scheduled from its own clock reading: on the system clock a message due
        // with the open could fire first and was dropped (10 of 10 runs).
        let (engine, log) = try Net.engine(#"[{"websocket": "wss://s.example/chat", "delayMs": 30, "messages": [{"text": "welcome"}, {"text": "second"}]}]"#, clock: SystemClock())
        defer { engine.close() }
        try engine.execute("const ws = new WebSocket('wss://s.example/chat'); ws.onopen = () => console.log('open'); ws.onmessage = e => console.log('message', e.data);", sourceURL: "page.js")
        // (A wide limit: other suites running in parallel can hold the main actor for seconds.)
        try await engine.runUntilIdle(limit: .seconds(120))
        #expect(log.console == ["open", "message welcome", "message second"])
    }
}
