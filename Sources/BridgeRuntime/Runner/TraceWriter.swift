import Foundation

/// Writes engine events as JSON Lines: one object per line with `type`, a monotonically
/// increasing `seq`, and the event's fields (DESIGN.md §9).
@MainActor
public final class TraceWriter {
    private let sink: (String) -> Void
    private var seq = 0

    /// Writes each line through `sink`.
    public init(sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    /// Writes one event.
    public func write(_ event: EngineEvent) {
        seq += 1
        var bytes: [UInt8] = []
        bytes.append(contentsOf: "{\"type\":".utf8)
        JSONValue.appendString(event.typeName, to: &bytes)
        bytes.append(contentsOf: ",\"seq\":\(seq)".utf8)
        let fields = event.fields
        for key in fields.keys.sorted() {
            bytes.append(UInt8(ascii: ","))
            JSONValue.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            fields[key]!.appendJSON(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        sink(String(decoding: bytes, as: UTF8.self))
    }
}

/// A line sink appending to a file, flushed on close.
public final class FileLineSink {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    /// Creates (truncates) the file at `path`.
    ///
    /// - Throws: when the file cannot be created.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Buffers one line.
    public func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    /// Writes buffered lines to the file.
    public func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file.
    public func close() {
        flush()
        try? handle.close()
    }
}
