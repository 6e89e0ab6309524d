public import BridgeCore
import BridgeValues
import BridgeSupport
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes engine events as JSON Lines: one object per line with `type`, a monotonically
/// increasing `seq`, and the event's fields (docs/trace-format.md).
@MainActor
public final class TraceWriter {
    private let sink: ((String) -> Void)?
    /// A file written the lines' bytes as they are (no `String` made of each line).
    private let file: FileLineSink?
    private var seq = 0
    /// One line's bytes, reused.
    private var scratch: [UInt8] = []
    /// A result that comes again and again (a mock's canned answer) is encoded once.
    private var results = RepeatedValueEncoder()

    /// Writes each line through `sink`.
    public init(sink: @escaping (String) -> Void) {
        self.sink = sink
        file = nil
    }

    /// Writes each line to `file`.
    public init(file: FileLineSink) {
        sink = nil
        self.file = file
    }

    /// Writes one event.
    public func write(_ event: EngineEvent) {
        seq += 1
        var bytes = scratch
        bytes.removeAll(keepingCapacity: true)
        defer { scratch = bytes }
        bytes.append(contentsOf: "{\"type\":".utf8)
        JSONValue.appendString(event.typeName, to: &bytes)
        bytes.append(contentsOf: ",\"seq\":".utf8)
        JSONValue.appendNumber(Double(seq), to: &bytes)
        if !event.appendHotTraceFields(to: &bytes, results: &results) {
            for (key, value) in event.fields.sortedMembers {
                bytes.append(UInt8(ascii: ","))
                JSONValue.appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.appendJSON(to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        if let file {
            bytes.withUnsafeBufferPointer { file.write(line: $0) }
        } else {
            sink?(String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// A line sink writing to a file (or a FIFO), buffered and flushed on close.
///
/// Writing never blocks the run on a missing reader and never loses lines silently: opening a
/// FIFO that no process reads fails at once (instead of hanging), and a write that fails (a full
/// disk, a reader that went away) is kept as `failure`, which the run reports with its exit
/// status. Thread-safe (a lock), so the process guard can flush it while the main thread is
/// stuck in JavaScript.
public final class FileLineSink: Sendable {
    private struct State {
        var fd: Int32
        var buffer: [UInt8] = []
        var failure: String?
    }

    private let state: Mutex<State>
    /// The path, for messages.
    public let path: String

    /// Creates (truncates) the file at `path`; a FIFO must already have a reader.
    ///
    /// - Throws: ``FileLineSinkError`` when the file cannot be created or no process reads the
    ///   FIFO.
    public init(path: String) throws {
        self.path = path
        // Non-blocking open: a FIFO with no reader fails with ENXIO instead of waiting for one.
        var fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
        if fd < 0, errno == ENXIO {
            throw FileLineSinkError(path: path, reason: "it is a FIFO and no process is reading it")
        }
        guard fd >= 0 else { throw FileLineSinkError(path: path, reason: String(cString: strerror(errno))) }
        // Writes block normally from here on (a slow reader slows the run; it never drops lines).
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        if fd < 3 {
            // Never hold stdin/stdout/stderr's numbers.
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
            #if canImport(Glibc)
            _ = Glibc.close(fd)
            #else
            _ = Darwin.close(fd)
            #endif
            fd = moved
        }
        state = Mutex(State(fd: fd))
    }

    deinit {
        close()
    }

    /// Buffers one line.
    public func write(_ line: String) {
        var line = line
        line.withUTF8 { write(line: $0) }
    }

    /// Buffers one line given as UTF-8 bytes (without its line end).
    public func write(line bytes: UnsafeBufferPointer<UInt8>) {
        state.withLock { s in
            s.buffer.append(contentsOf: bytes)
            s.buffer.append(0x0A)
            if s.buffer.count > 1 << 16 { Self.flush(&s, path: path) }
        }
    }

    /// Writes buffered lines to the file.
    public func flush() {
        state.withLock { Self.flush(&$0, path: path) }
    }

    private static func flush(_ s: inout State, path: String) {
        guard !s.buffer.isEmpty, s.fd >= 0 else { return }
        let ok = s.buffer.withUnsafeBufferPointer { FileDescriptorWriter.write($0, to: s.fd) }
        if !ok, s.failure == nil { s.failure = "cannot write \(path): \(String(cString: strerror(errno)))" }
        s.buffer.removeAll(keepingCapacity: true)
    }

    /// The first write failure (`cannot write PATH: reason`), or `nil`.
    public var failure: String? { state.withLock { $0.failure } }

    /// Flushes and closes the file.
    public func close() {
        state.withLock { s in
            Self.flush(&s, path: path)
            if s.fd >= 0 {
                #if canImport(Glibc)
                _ = Glibc.close(s.fd)
                #else
                _ = Darwin.close(s.fd)
                #endif
                s.fd = -1
            }
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
