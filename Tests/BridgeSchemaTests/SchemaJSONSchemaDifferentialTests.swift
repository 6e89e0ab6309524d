import Foundation
import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// The exported JSON Schema must accept and refuse exactly what the validator does.
///
/// The corpus (`Examples/protocol/corpus/*.jsonl`) plus mechanical mutations of every corpus
/// payload (each member removed, set to null, to a string, an integer, a fraction, a boolean, an
/// array, an object) are validated here; the verdicts and the exported schemas go to a temporary
/// folder and `scripts/jsonschema-differential.py` replays them with Python's `jsonschema`. The
/// test is skipped (with the reason printed) when python3 or `jsonschema` is missing.
struct SchemaJSONSchemaDifferentialTests {
    static let mutations: [JSONValue] = [.null, "12", 12, 1.5, true, [], [:], ["x"], -1, ""]

    /// Corpus payloads and their mutations, as `(method, params, source)`.
    static func corpus() throws -> [(String, JSONValue, String)] {
        let dir = SchemaTestKit.exampleProtocol + "/corpus"
        var out: [(String, JSONValue, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where name.hasSuffix(".jsonl") {
            let text = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
            for (i, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
                let message = try JSONParser().parse(String(line))
                let method = try #require(message["method"]?.stringValue)
                let params = message["params"] ?? [:]
                let source = "\(name):\(i + 1)"
                out.append((method, params, source))
                guard case .object(let members) = params else { continue }
                for key in members.keys.sorted() {
                    var removed = members
                    removed[key] = nil
                    out.append((method, .object(removed), "\(source) -\(key)"))
                    for (m, value) in mutations.enumerated() {
                        var changed = members
                        changed[key] = value
                        out.append((method, .object(changed), "\(source) \(key)=#\(m)"))
                    }
                }
            }
        }
        return out
    }

    @Test("the two passes agree on the whole corpus")
    func passesAgree() throws {
        let set = try SchemaTestKit.exampleSchemas()
        for (method, params, source) in try Self.corpus() {
            let violations = try #require(set.validate(method: method, params: params), "\(source)")
            #expect(set.isValid(method: method, params: params) == violations.isEmpty, "\(source)")
        }
    }

    @Test("python jsonschema agrees with every verdict")
    func differential() async throws {
        let set = try SchemaTestKit.exampleSchemas()
        let dir = try SchemaTestKit.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let schemasDir = dir.appendingPathComponent("jsonschema")
        try FileManager.default.createDirectory(at: schemasDir, withIntermediateDirectories: true)
        for a in set.actions {
            try SchemaDocs.jsonSchema(a).jsonString().write(
                to: schemasDir.appendingPathComponent(SchemaDocs.jsonSchemaFileName(a)), atomically: true, encoding: .utf8)
        }
        var lines: [String] = []
        var accepted = 0
        let corpus = try Self.corpus()
        for (method, params, source) in corpus {
            let valid = try #require(set.validate(method: method, params: params)).isEmpty
            if valid { accepted += 1 }
            let record: JSONValue = ["method": .string(method), "params": params, "valid": .bool(valid), "source": .string(source)]
            lines.append(record.jsonString())
        }
        // A corpus that is all valid or all invalid would prove little.
        #expect(accepted > 50 && corpus.count - accepted > 50)
        let verdicts = dir.appendingPathComponent("verdicts.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: verdicts, atomically: true, encoding: .utf8)

        let script = SchemaTestKit.packageRoot.appendingPathComponent("scripts/jsonschema-differential.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--schemas", schemasDir.path, "--verdicts", verdicts.path, "--quiet"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let data: Data
        do {
            data = try await OffPoolProcess.run(process, stdout: pipe)
        } catch {
            print("skipped: cannot run python3 (\(error))")
            return
        }
        let output = String(decoding: data, as: UTF8.self)
        switch process.terminationStatus {
        case 0: #expect(output.contains("\(corpus.count) payloads, \(corpus.count) agree, 0 disagree"))
        case 77: print("skipped: \(output)")
        case 127: print("skipped: python3 not found")
        default: Issue.record("jsonschema disagrees (exit \(process.terminationStatus)):\n\(output)")
        }
    }
}
