import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

// The schema and file parts of the bad-input corpus (see BadInputCorpusTests.swift).

// MARK: Schemas

/// One case of `schemas.jsonl`: a schema file that must be refused.
struct SchemaCase: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String?
    var generate: String?
    var reason: String
    var line: Int?
    var knownIssue: String?

    init(_ row: JSONValue) {
        name = row["name"]?.stringValue ?? "?"
        file = row["file"]?.stringValue
        generate = row["generate"]?.stringValue
        reason = row["reason"]?.stringValue ?? ""
        line = row["line"]?.intValue
        knownIssue = row["knownIssue"]?.stringValue
    }

    var testDescription: String { name }

    static let all: [SchemaCase] = Reliability.rows("schemas.jsonl").map(SchemaCase.init)

    /// Writes a generated hostile schema (`deepParams:N`) into `dir`.
    func generated(in dir: Reliability.TempDir) throws -> String? {
        guard let generate, generate.hasPrefix("deepParams:"), let n = Int(generate.dropFirst("deepParams:".count)) else { return nil }
        let xml = "<?xml version=\"1.0\"?>\n<protocol name=\"deep\" version=\"1\">\n<action name=\"deep.a\">\n"
            + String(repeating: "<param name=\"p\" type=\"object\">", count: n) + String(repeating: "</param>", count: n)
            + "\n</action>\n</protocol>\n"
        return try dir.write("deep.xml", xml)
    }
}

@Suite("Bad-input corpus: schemas")
struct BadSchemaCorpusTests {
    @Test("each broken or hostile schema file is refused with file:line: reason", arguments: SchemaCase.all.filter { $0.file != nil })
    func refused(_ c: SchemaCase) throws {
        let path = Reliability.root.appendingPathComponent(c.file ?? "").path
        let verdict = {
            let error = #expect(throws: SchemaLoadError.self) { _ = try SchemaSet.load(files: [path]) }
            guard let problems = error?.problems else { return }
            #expect(!problems.isEmpty)
            for p in problems {
                #expect(p.file == path)
                #expect(!p.reason.isEmpty)
                #expect(p.description == "\(path):\(p.line): \(p.reason)")
            }
            let matching = problems.filter { c.reason.isEmpty || $0.reason.lowercased().contains(c.reason.lowercased()) }
            #expect(!matching.isEmpty, "expected a problem about '\(c.reason)', got \(problems.map(\.description))")
            if let line = c.line {
                #expect(matching.contains { $0.line == line }, "expected line \(line), got \(problems.map(\.description))")
            }
            // Nothing from outside the file may end up in a problem (entities, XInclude).
            #expect(!problems.contains { $0.reason.contains("root:") || $0.reason.contains("lollollol") })
        }
        if let issue = c.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) { verdict() }
        } else {
            verdict()
        }
    }

    @Test("generated hostile schemas are refused by bridge-run lint without crashing", arguments: SchemaCase.all.filter { $0.generate != nil })
    func generated(_ c: SchemaCase) async throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let file = try #require(try c.generated(in: dir))
        let run = try await Reliability.cli(["lint", "--schemas", dir.path])
        let verdict = {
            #expect(!run.crashed, "\(run)")
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("\(file):"), "\(run)")
            #expect(run.stderr.lowercased().contains(c.reason), "\(run)")
        }
        if let issue = c.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) { verdict() }
        } else {
            verdict()
        }
    }

    @Test("bridge-run lint over the whole schema corpus: exit 2, every file named with its line")
    func lintWholeCorpus() async throws {
        let run = try await Reliability.cli(["lint", "--schemas", "Tests/Corpus/schemas"])
        #expect(!run.crashed, "\(run)")
        #expect(run.status == 2)
        for c in SchemaCase.all where c.knownIssue == nil {
            guard let file = c.file else { continue }
            let named = run.stderr.split(separator: "\n").contains { line in
                line.hasPrefix("\(file):") && line.dropFirst(file.count + 1).prefix { $0.isNumber }.isEmpty == false
            }
            #expect(named, "\(file) is not reported as file:line: reason")
        }
    }
}

// MARK: Files through the CLI

/// One case of `files.jsonl`: a `bridge-run` invocation and what it must do.
struct FileCase: Sendable, CustomTestStringConvertible {
    var name: String
    var args: [String]
    var status: Int32
    var stderr: String?
    var stdout: String?
    var notOutput: String?
    var knownIssue: String?

    init(_ row: JSONValue) {
        name = row["name"]?.stringValue ?? "?"
        args = row["args"]?.arrayValue?.compactMap(\.stringValue) ?? []
        status = Int32(row["status"]?.intValue ?? -1)
        stderr = row["stderr"]?.stringValue
        stdout = row["stdout"]?.stringValue
        notOutput = row["notOutput"]?.stringValue
        knownIssue = row["knownIssue"]?.stringValue
    }

    var testDescription: String { name }

    static let all: [FileCase] = Reliability.rows("files.jsonl").map(FileCase.init)
}

@Suite("Bad-input corpus: files through bridge-run")
struct BadFileCorpusTests {
    @Test("each malformed page, package or file ends with its exit status and message, never a crash", arguments: FileCase.all)
    func fileCase(_ c: FileCase) async throws {
        let run = try await Reliability.cli(c.args)
        let verdict = {
            #expect(!run.crashed, "\(c.name): \(run)")
            #expect(run.status == c.status, "\(c.name): \(run)")
            if let part = c.stderr { #expect(run.stderr.contains(part), "stderr should contain '\(part)': \(run)") }
            if let part = c.stdout { #expect(run.stdout.contains(part), "stdout should contain '\(part)': \(run)") }
            if let part = c.notOutput {
                #expect(!run.stdout.contains(part) && !run.stderr.contains(part), "'\(part)' must not be printed: \(run)")
            }
        }
        if let issue = c.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) { verdict() }
        } else {
            verdict()
        }
        // Whatever happened, it was a clean exit with a documented code (0-3) and one error line
        // per problem, or a known crash recorded above.
        if c.knownIssue == nil {
            #expect((0...3).contains(run.status))
            if run.status != 0 { #expect(!run.stderr.isEmpty || !run.stdout.isEmpty) }
        }
    }
}
