import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner

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
}
