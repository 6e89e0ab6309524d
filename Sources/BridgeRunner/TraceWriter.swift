import FoundationEssentials
#if canImport(Glibc)
import Glibc
public import BridgeCore
import BridgeValues
import BridgeSupport
#endif

/// Writes engine events as JSON Lines: one object per line with `type`, a monotonically
/// increasing `seq`, and the event's fields (docs/trace-format.md).
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
        for (key, value) in event.fields.sortedMembers {
            bytes.append(UInt8(ascii: ","))
            JSONValue.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            value.appendJSON(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        sink(String(decoding: bytes, as: UTF8.self))
    }
}

/// A line sink appending to a file, flushed on close.
public final class FileLineSink {
    private var fd: Int32
    private var buffer: [UInt8] = []

    /// Creates (truncates) the file at `path`.
    ///
    /// - Throws: ``FileLineSinkError`` when the file cannot be created.
    public init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileLineSinkError(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit {
        close()
    }

    /// Buffers one line.
    public func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    /// Writes buffered lines to the file.
    public func flush() {
        guard !buffer.isEmpty, fd >= 0 else { return }
        buffer.withUnsafeBufferPointer { _ = FileDescriptorWriter.write($0, to: fd) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file.
    public func close() {
        flush()
        if fd >= 0 {
            #if canImport(Glibc)
            _ = Glibc.close(fd)
            #else
            _ = Darwin.close(fd)
            #endif
            fd = -1
        }
    }
}

/// A trace file that could not be created.
public struct FileLineSinkError: Error, CustomStringConvertible {
    /// The path asked for.
    public var path: String
    /// The system's reason (e.g. `Permission denied`).
    public var reason: String
    /// `cannot write PATH: reason`.
    public var description: String { "cannot write \(path): \(reason)" }
}
