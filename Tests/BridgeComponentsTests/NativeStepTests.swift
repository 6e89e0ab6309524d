import Testing
@testable import BridgeComponents
@testable import BridgeCore
@testable import BridgeValues

/// A mock file's `"$native"` list: the steps it reads, and the one message for each mistake.
@Suite struct NativeStepTests {
    func steps(_ json: String) throws -> [NativeStep] {
        try MockFixture(json: try JSONParser().parse(#"{"$native": "# + json + "}")).nativeSteps
    }

    func problem(_ json: String) throws -> String? {
        do {
            _ = try steps(json)
            return nil
        } catch let problem as MockFixture.Problem {
            return problem.message
        }
    }

    @Test("callJS with data, args or nothing; emit with and without payload; after and delayMs")
    func goodSteps() throws {
        let read = try steps(#"""
            [{"callJS": "JS Echo", "data": {"from": "native"}, "after": "user.get"},
             {"callJS": "addValue", "args": [3, 4]},
             {"callJS": "ping"},
             {"emit": "tick", "payload": 1, "delayMs": 100},
             {"emit": "document:resume"}]
            """#)
        #expect(read == [
            NativeStep(action: .callJS("JS Echo", .data(["from": "native"])), after: "user.get"),
            NativeStep(action: .callJS("addValue", .args([3, 4]))),
            NativeStep(action: .callJS("ping", .none)),
            NativeStep(action: .emit("tick", 1), delay: .milliseconds(100)),
            NativeStep(action: .emit("document:resume", .null)),
        ])
        #expect(read.map(\.label) == ["callJS 'JS Echo'", "callJS 'addValue'", "callJS 'ping'", "emit 'tick'", "emit 'document:resume'"])
        #expect(read.allSatisfy { $0.afterCount == 1 && !$0.fromTrace })
        // `"data": null` is an argument (null), not "no argument".
        #expect(try steps(#"[{"callJS": "x", "data": null}]"#) == [NativeStep(action: .callJS("x", .data(.null)))])
        #expect(try steps("[]") == [])
    }

    @Test("each malformed step has one message naming the step")
    func badSteps() throws {
        let cases: [(String, String)] = [
            (#"{"callJS": "x"}"#, #""$native" must be an array of steps ({"callJS": NAME, "data": X} or {"emit": NAME, "payload": P})"#),
            (#"[1]"#, #""$native" step 1 must be an object"#),
            (#"[{"emit": "a"}, {"call": "x"}]"#, #""$native" step 2: unknown key "call" (expected callJS or emit, data, args, payload, after, delayMs)"#),
            (#"[{}]"#, #""$native" step 1 needs "callJS": NAME or "emit": NAME"#),
            (#"[{"callJS": "a", "emit": "b"}]"#, #""$native" step 1 has both "callJS" and "emit"; one step does one thing"#),
            (#"[{"callJS": ""}]"#, #""$native" step 1: "callJS"/"emit" must be a non-empty string"#),
            (#"[{"emit": 3}]"#, #""$native" step 1: "callJS"/"emit" must be a non-empty string"#),
            (#"[{"callJS": "a", "payload": 1}]"#, #""$native" step 1: "payload" belongs to an emit step; a callJS step takes "data" or "args""#),
            (#"[{"callJS": "a", "args": 1}]"#, #""$native" step 1: "args" must be an array"#),
            (#"[{"callJS": "a", "data": 1, "args": [1]}]"#, #""$native" step 1: give "data" or "args", not both"#),
            (#"[{"emit": "a", "data": 1}]"#, #""$native" step 1: an emit step takes "payload", not "data" or "args""#),
            (#"[{"emit": "a", "after": ""}]"#, #""$native" step 1: "after" must be a method name"#),
            (#"[{"emit": "a", "after": 1}]"#, #""$native" step 1: "after" must be a method name"#),
            (#"[{"emit": "a", "delayMs": -1}]"#, #""$native" step 1: delayMs must be a number >= 0"#),
            (#"[{"emit": "a", "delayMs": "5"}]"#, #""$native" step 1: delayMs must be a number >= 0"#),
        ]
        for (json, message) in cases {
            #expect(try problem(json) == message, "\(json)")
        }
    }
}
