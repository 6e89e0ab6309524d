import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeValues

/// One case of `hostile.jsonl` (made by `Tests/Corpus/hostile.py`): a hostile page script and
/// what `bridge-run` must do with it.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var name: String
    var klass: String
    var script: String
    var file: String
    var args: [String]
    var status: Int32
    var stdout: String?
    var stderr: String?
    var notOutput: String?
    var maxSeconds: Double
    /// Exactly this many lines on stderr (an error a page shaped must stay one line).
    var stderrLines: Int?

    init(_ row: JSONValue) {
        name = row["name"]?.stringValue ?? "?"
        klass = row["class"]?.stringValue ?? "?"
        script = row["script"]?.stringValue ?? ""
        file = row["file"]?.stringValue ?? "x.js"
        args = row["args"]?.arrayValue?.compactMap(\.stringValue) ?? []
        status = Int32(row["status"]?.intValue ?? -1)
        stdout = row["stdout"]?.stringValue
        stderr = row["stderr"]?.stringValue
        notOutput = row["notOutput"]?.stringValue
        maxSeconds = row["maxSeconds"]?.numberValue ?? 10
        stderrLines = row["stderrLines"]?.intValue
    }

    var testDescription: String { name }

    static let all: [HostileCase] = Reliability.rows("hostile.jsonl").map(HostileCase.init)
}

/// Nothing a page does crashes the runtime, outruns its limits, bypasses a capability, loses a
/// value or a failure: each hostile script ends with its documented exit status, in time, with
/// the line it must print (issue 12's classes, each from several directions).
@Suite("Hostile-page corpus through bridge-run")
struct HostilePageCorpusTests {
    @Test("the corpus covers every class with at least 150 cases")
    func coverage() {
        let classes = Set(HostileCase.all.map(\.klass))
        #expect(HostileCase.all.count >= 150)
        #expect(classes == ["crash", "runaway", "vanish", "capability", "data", "sdk", "resources", "pattern"])
    }

    @Test("each hostile page ends as documented, in time, never crashing", arguments: HostileCase.all)
    func hostilePage(_ c: HostileCase) async throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let path = try dir.write(c.file, c.script)
        var args: [String] = []
        for a in c.args {
            if a == "{file}" {
                args.append(path)
            } else if a.hasPrefix("{generated:"), a.hasSuffix("}") {
                args.append(try Self.generated(String(a.dropFirst(11).dropLast()), in: dir))
            } else {
                args.append(a)
            }
        }
        let run = try await Reliability.cli(args)
        #expect(!run.crashed, "\(c.name): \(run)")
        #expect(run.status == c.status, "\(c.name): \(run)")
        #expect(run.seconds < c.maxSeconds, "\(c.name) took \(run.seconds) s: \(run)")
        if let part = c.stdout { #expect(run.stdout.contains(part), "stdout should contain '\(part)': \(run)") }
        if let part = c.stderr { #expect(run.stderr.contains(part), "stderr should contain '\(part)': \(run)") }
        if let lines = c.stderrLines { #expect(run.errorLines.count == lines, "\(c.name): \(lines) stderr line(s) expected: \(run)") }
        if let part = c.notOutput { #expect(!run.stdout.contains(part) && !run.stderr.contains(part), "'\(part)' must not be printed: \(run)") }
        // A failing page run says why on stderr (test and validate report on stdout).
        if c.status != 0, c.args.first == "run" { #expect(!run.stderr.isEmpty, "a failing run says why on stderr: \(run)") }
    }

    /// Payload files too large to check in, made at test time.
    static func generated(_ name: String, in dir: Reliability.TempDir) throws -> String {
        let text = String(repeating: "hello world ", count: 500_000)
        switch name {
        case "long-text": return try dir.write("long.jsonl", "{\"method\": \"text.words\", \"params\": {\"text\": \"\(text)\"}}\n")
        case "long-text-bad": return try dir.write("long-bad.jsonl", "{\"method\": \"text.words\", \"params\": {\"text\": \"\(text)!\"}}\n")
        case "fifo-import":
            // A module importing a FIFO nobody writes: esbuild blocks reading it.
            let fifo = dir.url.appendingPathComponent("blocked.js").path
            guard mkfifo(fifo, 0o600) == 0 else { throw StubError("cannot make a FIFO at \(fifo)") }
            return try dir.write("fifo-import.mjs", "import './blocked.js';\nconsole.log('never');\n")
        default: throw StubError("no generated file named \(name)")
        }
    }
}

/// Outputs that cannot be written: a FIFO nobody reads, a closed pipe, a full disk.
@Suite("Outputs that cannot be written")
struct UnwritableOutputTests {
    @Test("a trace into a FIFO with no reader is an error at once, not a hang")
    func fifoWithoutReader() async throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let fifo = dir.url.appendingPathComponent("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let script = try dir.write("x.js", "console.log('x');")
        let run = try await Reliability.cli(["run", script, "--trace", fifo])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("no process is reading it"), "\(run)")
        #expect(run.seconds < 5)
    }

    @Test("a trace into a FIFO whose reader never reads ends at the run limit with one line, not a hang")
    func fifoStalledReader() async throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let fifo = dir.url.appendingPathComponent("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for reading (and writing, so the open does not block) but never read.
        let holder = open(fifo, O_RDWR | O_NONBLOCK)
        #expect(holder >= 0)
        defer { close(holder) }
        let script = try dir.write("x.js", "for (let i = 0; i < 200000; i++) console.log('line ' + i + ' ' + 'x'.repeat(100));")
        let run = try await Reliability.cli(["run", script, "--timeout", "1000", "--trace", fifo])
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("blocked writing output"), "\(run)")
        #expect(run.seconds < 8, "\(run)")
    }

    @Test("console output to a full disk is an error with its exit status")
    func stdoutFull() throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let script = try dir.write("x.js", "console.log('lost?');")
        let p = Process()
        p.executableURL = Reliability.binDirectory.appendingPathComponent("bridge-run")
        p.arguments = ["run", script]
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        p.standardError = err
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 2, "\(stderr)")
        #expect(stderr.contains("cannot write standard output"), "\(stderr)")
    }

    @Test("a reader that goes away is a failed write, not a SIGPIPE death")
    func closedPipe() throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let script = try dir.write("x.js", "for (let i = 0; i < 20000; i++) console.log('line ' + i);")
        let p = Process()
        p.executableURL = Reliability.binDirectory.appendingPathComponent("bridge-run")
        p.arguments = ["run", script]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        try out.fileHandleForReading.close()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit, "not killed by a signal")
        #expect(p.terminationStatus == 2)
    }
}
