import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
import BridgeCore
import BridgeValues

struct FileLineSinkTests {
    @Test("a trace file that cannot be created is a clear error; lines land in order")
    func fileLineSink() throws {
        #expect(throws: FileLineSinkError.self) { try FileLineSink(path: "/nonexistent-dir-\(UUID().uuidString)/t.jsonl") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try FileLineSink(path: path)
        for i in 0..<20_000 { sink.write("{\"i\":\(i)}") }
        sink.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 20_000)
        #expect(lines.first == "{\"i\":0}" && lines.last == "{\"i\":19999}")
    }

    @Test("a trace written to a file as bytes is the same text as through a line sink, non-ASCII and escapes included")
    @MainActor
    func traceToFileEqualsTraceThroughASink() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try FileLineSink(path: path)
        let toFile = TraceWriter(file: file)
        var lines: [String] = []
        let toSink = TraceWriter(sink: { lines.append($0) })
        let events: [EngineEvent] = [
            .call(method: "caf\u{E9}.open", params: ["q": "\"\u{2028}\u{1F600}\n", "n": 1.5, "a": [true, .null]], callbackId: "cb_1", via: .message),
            .result(method: "caf\u{E9}.open", callbackId: nil, result: ["ok": true]),
            .console(level: "log", message: "tab\there </script>"),
        ]
        for event in events { toFile.write(event); toSink.write(event) }
        file.close()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == lines.map { $0 + "\n" }.joined())
        #expect(lines.count == 3 && lines[0].contains("\"seq\":1") && lines[2].contains("\"seq\":3"))
    }
}
