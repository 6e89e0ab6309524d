import Synchronization

/// One mapping segment, 0-based: the generated column, and the source index, original line,
/// original column and name index (`-1` where the segment has none).
struct MapSegment: Sendable, Equatable {
    var generatedColumn: Int32
    var source: Int32
    var line: Int32
    var column: Int32
    var name: Int32
}

/// Decodes a map's `mappings` on demand: only as many generated lines as lookups have needed.
/// The fields other than the generated column are relative to the previous segment across
/// lines, so lines are decoded in order and the running values kept.
///
/// - Note: Lookups may come from any thread; the decoded state sits behind a mutex.
final class SourceMapDecoder: Sendable {
    private let mappings: [UInt8]
    private let state = Mutex(State())

    private struct State {
        var position = 0
        var source: Int32 = 0
        var line: Int32 = 0
        var column: Int32 = 0
        var name: Int32 = 0
        var segments: [MapSegment] = []
        /// Where each decoded line's segments start in `segments`; a line is complete when the
        /// next start is known (or decoding is finished).
        var lineStarts: [Int] = [0]
        var finished = false
    }

    init(mappings: [UInt8]) {
        self.mappings = mappings
    }

    /// The segment for a 0-based generated position (see `SourceMap.original(line:column:)`).
    func segment(line: Int, column: Int) -> MapSegment? {
        state.withLock { s -> MapSegment? in
            mappings.withUnsafeBufferPointer { Self.decode(through: line, from: $0, into: &s) }
            guard line < s.lineStarts.count else { return nil }
            let start = s.lineStarts[line]
            let end = line + 1 < s.lineStarts.count ? s.lineStarts[line + 1] : s.segments.count
            guard start < end else { return nil }
            // The last segment starting at or before `column`.
            var low = start, high = end
            while low < high {
                let mid = (low + high) / 2
                if Int(s.segments[mid].generatedColumn) <= column { low = mid + 1 } else { high = mid }
            }
            return s.segments[low > start ? low - 1 : start]
        }
    }

    /// Decodes lines until line `target` is complete or the text ends (or stops being valid).
    private static func decode(through target: Int, from bytes: UnsafeBufferPointer<UInt8>, into s: inout State) {
        while !s.finished && s.lineStarts.count <= target + 1 {
            var generated: Int32 = 0
            let lineStart = s.segments.count
            while s.position < bytes.count && bytes[s.position] != UInt8(ascii: ";") {
                if bytes[s.position] == UInt8(ascii: ",") {
                    s.position += 1
                    continue
                }
                guard let segment = readSegment(bytes, &s, &generated) else {
                    s.finished = true
                    break
                }
                s.segments.append(segment)
            }
            sortLine(&s.segments, from: lineStart)
            if s.position < bytes.count && !s.finished {
                s.position += 1
                s.lineStarts.append(s.segments.count)
            } else {
                s.finished = true
            }
        }
    }

    /// One segment of 1, 4 or 5 fields; `nil` when it is malformed.
    private static func readSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ s: inout State, _ generated: inout Int32) -> MapSegment? {
        var fields: (Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0)
        var count = 0
        while s.position < bytes.count, bytes[s.position] != UInt8(ascii: ","), bytes[s.position] != UInt8(ascii: ";") {
            guard count < 5, let value = Base64VLQ.decode(bytes, at: &s.position) else { return nil }
            switch count {
            case 0: fields.0 = value
            case 1: fields.1 = value
            case 2: fields.2 = value
            case 3: fields.3 = value
            default: fields.4 = value
            }
            count += 1
        }
        guard count == 1 || count == 4 || count == 5 else { return nil }
        let (g, overflow) = generated.addingReportingOverflow(fields.0)
        guard !overflow, g >= 0 else { return nil }
        generated = g
        guard count >= 4 else { return MapSegment(generatedColumn: g, source: -1, line: -1, column: -1, name: -1) }
        s.source &+= fields.1
        s.line &+= fields.2
        s.column &+= fields.3
        guard s.source >= 0, s.line >= 0, s.column >= 0 else { return nil }
        var name: Int32 = -1
        if count == 5 {
            s.name &+= fields.4
            name = s.name
        }
        return MapSegment(generatedColumn: g, source: s.source, line: s.line, column: s.column, name: name)
    }

    /// Sorts a line's segments by generated column when a map wrote them out of order.
    private static func sortLine(_ segments: inout [MapSegment], from start: Int) {
        let line = segments[start...]
        guard zip(line, line.dropFirst()).contains(where: { $0.generatedColumn > $1.generatedColumn }) else { return }
        let sorted = line.sorted { $0.generatedColumn < $1.generatedColumn }
        segments.replaceSubrange(start..., with: sorted)
    }
}
