import Foundation
import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// Offline checking of captured payload files: single messages, arrays, JSON Lines.
struct SchemaPayloadFileCheckerTests {
    static func checker() throws -> PayloadFileChecker {
        PayloadFileChecker(schemas: try SchemaTestKit.exampleSchemas())
    }

    static var payloads: String { SchemaTestKit.exampleProtocol + "/payloads" }

    @Test("every message of the valid JSON Lines file passes, each with its line")
    func validJSONLines() throws {
        let results = try Self.checker().check(file: Self.payloads + "/messages.jsonl")
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.isValid })
        #expect(results.map(\.location.line) == Array(1...8))
        #expect(results[1].lines == ["\(Self.payloads)/messages.jsonl:2: device.info: valid"])
    }

    @Test("the invalid JSON Lines file: violations, unknown method, malformed line, blank line skipped")
    func invalidJSONLines() throws {
        let file = Self.payloads + "/invalid.jsonl"
        let results = try Self.checker().check(file: file)
        #expect(results.map(\.location.line) == [1, 2, 4, 5, 6, 7])
        #expect(results[0].violations.map(\.description) == [
            "params.page: must be one of userCenter, list, detail",
            #"params.userId: expected integer, got string "12""#,
            "params.extra.source: must match pattern ^[a-z_]+$",
            "params.extra.utm: is not allowed (strict object)",
        ])
        #expect(results[1].violations.map(\.description) == [
            "params.orderId: must match pattern ^[0-9A-Z]{8,32}$",
            "params.amount: expected integer, got number 12.5",
            "params.items[0].sku: must match pattern ^[A-Z0-9-]+$",
            "params.items[0].quantity: must be at least 1",
            "params.items[0].price: is required",
        ])
        #expect(results[2].violations.map(\.description) == [
            "params.title: must have at least 1 characters", "params.subtitle: is not allowed (strict object)",
        ])
        #expect(results[3].outcome == .unknownMethod("nav.teleport"))
        #expect(results[3].lines == ["\(file):5: unknown method 'nav.teleport' (no schema describes it)"])
        guard case .malformed(let reason) = results[4].outcome else {
            Issue.record("line 6 should be malformed")
            return
        }
        #expect(reason.hasPrefix("malformed JSON: "))
        #expect(results[5].lines == ["\(file):7: device.vibrate: params.pattern: must have at least 1 items"])
    }

    @Test("array files give the index of each message")
    func arrayFile() throws {
        let file = Self.payloads + "/batch.json"
        let results = try Self.checker().check(file: file)
        #expect(results.map(\.location.index) == [0, 1, 2, 3])
        #expect(results.map(\.isValid) == [true, false, false, true])
        #expect(results[1].lines == ["\(file)[1]: storage.remove: params.keys: must have at least 1 items"])
        #expect(results[2].violations == [Violation(path: "params.channels[1]", message: "expected string, got boolean true")])
    }

    @Test("a single message file")
    func singleMessage() throws {
        let results = try Self.checker().check(file: Self.payloads + "/single.json")
        #expect(results.count == 1)
        #expect(results[0].isValid)
        #expect(results[0].location == PayloadFileChecker.Location(file: Self.payloads + "/single.json"))
    }

    @Test("messages that are not messages", arguments: [
        (#"42"#, "not a message: expected an object, an array of objects or JSON Lines, got number"),
        (#"[1]"#, "not a message: expected an object, got number"),
        (#"{"params":{}}"#, "not a message: no string 'method'"),
        ("", "no message in file"),
    ])
    func notMessages(_ text: String, _ reason: String) throws {
        let results = try Self.checker().check(text: text, file: "x.json")
        #expect(results.map(\.outcome) == [.malformed(reason)])
    }

    @Test("an unreadable file throws")
    func unreadable() throws {
        #expect(throws: PayloadFileChecker.FileError(file: "/nonexistent.jsonl", reason: "cannot read file")) {
            try Self.checker().check(file: "/nonexistent.jsonl")
        }
    }
}
