import Foundation
import Testing

@testable import BridgeRuntime

/// End-to-end runs of `validate`, `lint`, `docs` and `run --schemas`.
@Suite struct SchemaCommandTests {
    @Test func lintAcceptsTheExampleProtocol() async throws {
        let r = try await CLI.run(["lint", "--schemas", "Examples/protocol/schemas"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("14 actions, no problems"))
    }

    @Test func lintReportsEveryProblemWithFileAndLine() async throws {
        let r = try await CLI.run(["lint", "--schemas", "Examples/protocol-broken"])
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("Examples/protocol-broken/app.xml:5: unknown type 'int' (expected one of string, number, integer, boolean, object, array, any)"))
        #expect(lines.contains("Examples/protocol-broken/app.xml:6: min (10) is greater than max (5)"))
        #expect(lines.contains { $0.hasPrefix("Examples/protocol-broken/app.xml:7: invalid regular expression") })
        #expect(lines.contains("Examples/protocol-broken/app.xml:9: unknown attribute 'colour' on <action>"))
        #expect(lines.contains { $0.hasPrefix("Examples/protocol-broken/app.xml:11: example fails its own action") })
        #expect(lines.contains("Examples/protocol-broken/more.xml:3: duplicate action 'user.get' (first declared at Examples/protocol-broken/app.xml:4)"))
        #expect(lines.contains("Examples/protocol-broken/more.xml:4: default 'maybe' is not a valid boolean"))
        #expect(lines.last == "bridge-run: 7 problems in Examples/protocol-broken")
    }

    @Test func validateValidFilesExits0() async throws {
        let r = try await CLI.run(["validate", "--schemas", "Examples/protocol/schemas", "Examples/protocol/payloads/messages.jsonl", "Examples/protocol/payloads/single.json"])
        #expect(r.status == 0, "stdout: \(r.stdout) stderr: \(r.stderr)")
        #expect(r.lines.last?.hasSuffix("invalid") == true)
        #expect(r.lines.last?.contains(" 0 invalid") == true)
    }

    @Test func validateInvalidFilesNamesLinesPathsAndExits1() async throws {
        let r = try await CLI.run(["validate", "--schemas", "Examples/protocol/schemas", "Examples/protocol/payloads/invalid.jsonl", "Examples/protocol/payloads/batch.json"])
        #expect(r.status == 1)
        #expect(r.lines.contains("Examples/protocol/payloads/invalid.jsonl:1: nav.open: params.userId: expected integer, got string \"12\""))
        #expect(r.lines.contains("Examples/protocol/payloads/invalid.jsonl:1: nav.open: params.page: must be one of userCenter, list, detail"))
        #expect(r.lines.contains("Examples/protocol/payloads/invalid.jsonl:2: pay.start: params.items[0].price: is required"))
        #expect(r.lines.contains("Examples/protocol/payloads/invalid.jsonl:5: unknown method 'nav.teleport' (no schema describes it)"))
        #expect(r.lines.contains { $0.hasPrefix("Examples/protocol/payloads/invalid.jsonl:6: malformed") })
        #expect(r.lines.contains("Examples/protocol/payloads/batch.json[2]: user.login: params.channels[1]: expected string, got boolean true"))
    }

    @Test func validateUnreadableFileOrBadSchemasExits2() async throws {
        let missing = try await CLI.run(["validate", "--schemas", "Examples/protocol/schemas", "Examples/protocol/payloads/nope.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.jsonl"))
        let broken = try await CLI.run(["validate", "--schemas", "Examples/protocol-broken", "Examples/protocol/payloads/single.json"])
        #expect(broken.status == 2)
    }

    @Test(arguments: SchemaCommands.DocsFormat.allCases)
    func docsWriteFiles(format: SchemaCommands.DocsFormat) async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try await CLI.run(["docs", "--schemas", "Examples/protocol/schemas", "--format", format.rawValue, "--out", out])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        switch format {
        case .markdown:
            #expect(files == ["device.md", "navigation.md", "payment.md", "share.md", "storage.md", "user.md"])
            let nav = try String(contentsOfFile: out + "/navigation.md", encoding: .utf8)
            #expect(nav.contains("nav.open"))
            #expect(nav.contains("Open a native page by route key."))
            #expect(nav.contains("| `page` | string | yes | one of: `userCenter`, `list`, `detail`"))
        case .typescript:
            #expect(files == ["bridge-protocol.d.ts"])
            let dts = try String(contentsOfFile: out + "/bridge-protocol.d.ts", encoding: .utf8)
            #expect(dts.contains(#""userCenter" | "list" | "detail""#))
            #expect(dts.contains("call(method: \"nav.open\""))
        case .jsonschema:
            #expect(files.count == 14)
            #expect(files.contains("nav.open.schema.json"))
            let text = try String(contentsOfFile: out + "/nav.open.schema.json", encoding: .utf8)
            let schema = try JSONParser().parse(text)
            #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
            #expect(schema["type"] == "object")
        }
    }

    @Test func docsUsageErrors() async throws {
        let noFormat = try await CLI.run(["docs", "--schemas", "Examples/protocol/schemas"])
        #expect(noFormat.status == 2)
        #expect(noFormat.stderr.contains("--format"))
        let badFormat = try await CLI.run(["docs", "--schemas", "Examples/protocol/schemas", "--format", "html"])
        #expect(badFormat.status == 2)
        #expect(badFormat.stderr.contains("markdown, typescript or jsonschema"))
    }

    @Test func runValidatesEveryCallBeforeAnyHandlerOrMock() async throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("schemas-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let r = try await CLI.run(["run", "Examples/protocol/page.js", "--schemas", "Examples/protocol/schemas", "--mock", "Examples/protocol/mock.json", "--trace", trace])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "user: Ada vip 3",
            "VALIDATION_FAILED:",
            "  params.page: must be one of userCenter, list, detail",
            "  params.userId: expected integer, got string \"12\"",
            "  params.extra.source: must match pattern ^[a-z_]+$",
            "opened: true",
        ])
        let events = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map { try JSONParser().parse(String($0)) }
        #expect(events.filter { $0["type"] == "error" }.compactMap { $0["error"]?["code"] } == ["VALIDATION_FAILED"])
    }

    @Test func strictSchemasRefuseUndescribedActions() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("p.js").path
        try "bridge.call('not.described', {}).catch(e => console.log(e.code, e.message));".write(toFile: page, atomically: true, encoding: .utf8)
        let mock = dir.appendingPathComponent("m.json").path
        try #"{"not.described": {"result": 1}}"#.write(toFile: mock, atomically: true, encoding: .utf8)
        let lenient = try await CLI.run(["run", page, "--schemas", "Examples/protocol/schemas", "--mock", mock])
        #expect(lenient.lines.isEmpty)
        let strict = try await CLI.run(["run", page, "--schemas", "Examples/protocol/schemas", "--strict-schemas", "--mock", mock])
        #expect(strict.lines == ["METHOD_NOT_FOUND no schema for method 'not.described' (strict schemas)"])
    }
}
