import BridgeValues
import ScriptEngine

/// Delivery of answers, progress and events into JS: entries collect in one JSON batch that a
/// single loop task hands to the SDK's `deliver`, so many answers cost one crossing and one parse.
///
/// An entry is four elements of the batch's one flat array, `kind, id, value, error` (no array
/// of its own: JavaScriptCore's parse of a batch of answers took a fifth longer with one per
/// entry): kind 0 final answer, 1 progress, 2 event. The answer
/// to a call the SDK sent travels as the SDK's number (see `SDKCallbackID`); any other callback
/// id as its string (a global function's name). The batch is JSON text
/// the runtime writes, turned into a JS value by JavaScriptCore's JSON parser — never source.
@MainActor
final class Outbox {
    /// What an entry is.
    enum Kind: UInt8 {
        case final = 0
        case progress = 1
        case event = 2
    }

    private unowned(unsafe) let engine: BridgeEngine
    // (`@exclusivity(unchecked)`: read or written on every call; see `BridgeEngine.calls`.)
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// The buffer being delivered while `buffer` collects the next batch.
    private var delivering: [UInt8] = []
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var flushScheduled = false
    private var isFlushing = false
    /// The first entry of the batch when it is a final answer without error to one of the SDK's
    /// calls: its number and where its value's text lies in the buffer. A batch of that entry
    /// alone goes to `deliverOne` (a call awaited in a loop: every batch is one answer).
    @exclusivity(unchecked) private var single: (sdk: Int, value: Range<Int>)?
    /// The UTF-8 length of the batch's longest string value: a batch without one longer than
    /// JavaScriptCore atomizes goes to it as UTF-16, which is faster to hand over and yields no
    /// 16-bit string (`ScriptContext.atomizedJSONStringLength`).
    @exclusivity(unchecked) private var longestString = 0
    /// For tests: when set, every batch flushed is kept here with whether it went as holding no
    /// long string (so a test can check the count against the text).
    package var recordsBatches = false
    package private(set) var recordedBatches: [(text: [UInt8], noLongStrings: Bool)] = []

    /// `unowned(unsafe)`: created by the engine's initializer, held only by the engine.
    init(engine: BridgeEngine) {
        self.engine = engine
    }

    /// Entries waiting for delivery.
    var pendingCount: Int { count }

    /// Queues one entry and makes sure a flush task is queued.
    func enqueue(_ kind: Kind, id: String, sdk: Int?, value: JSONValue, error: BridgeError?) {
        guard !engine.isClosed else { return }
        let first = count == 0
        count += 1
        // (The entry is written in one access to the buffer, not one per part.)
        let valueText = Self.write(kind, id: id, sdk: sdk, value: value, error: error, first: first, into: &buffer, encoder: &encoder, longestString: &longestString)
        if first { single = kind == .final && error == nil ? sdk.map { ($0, valueText) } : nil }
        if !flushScheduled {
            flushScheduled = true
            engine.loop.keepAlive += 1
            engine.loop.enqueue(flushTask)
        }
    }

    /// Appends one entry to `buffer`, raising `longestString` to its longest string value's
    /// length; returns where its value's text lies.
    private static func write(_ kind: Kind, id: String, sdk: Int?, value: JSONValue, error: BridgeError?, first: Bool, into buffer: inout [UInt8], encoder: inout RepeatedValueEncoder,
                              longestString: inout Int) -> Range<Int> {
        buffer.append(first ? UInt8(ascii: "[") : UInt8(ascii: ","))
        buffer.append(UInt8(ascii: "0") + kind.rawValue)
        buffer.append(UInt8(ascii: ","))
        if kind != .event, let n = sdk {
            JSONValue.appendInteger(n, to: &buffer)
        } else {
            JSONValue.appendString(id, to: &buffer)
            longestString = max(longestString, id.utf8.count)
        }
        buffer.append(UInt8(ascii: ","))
        let valueStart = buffer.count
        encoder.append(value, to: &buffer, longestString: &longestString)
        let valueEnd = buffer.count
        buffer.append(UInt8(ascii: ","))
        if let error {
            error.jsonValue.appendJSON(to: &buffer, longestString: &longestString)
        } else {
            buffer.append(UInt8(ascii: "n"))
            buffer.append(UInt8(ascii: "u"))
            buffer.append(UInt8(ascii: "l"))
            buffer.append(UInt8(ascii: "l"))
        }
        return valueStart..<valueEnd
    }

    /// The loop task that flushes, made once (not a closure per batch).
    private lazy var flushTask: EventLoop.Task = { [unowned self] in
        engine.loop.keepAlive -= 1
        flush()
    }

    /// Answers' text; a canned answer that comes again and again is encoded once.
    @exclusivity(unchecked) private var encoder = RepeatedValueEncoder()

    /// Hands the batch to the SDK now. An exception escaping `deliver` (the time limit) is
    /// recorded as uncaught; the entries it had not reached are lost with the stopped script,
    /// as in a browser task that was killed.
    func flush() {
        flushScheduled = false
        guard count > 0 else { return }
        let one = count == 1 ? single : nil
        single = nil
        let noLongStrings = longestString <= ScriptContext.atomizedJSONStringLength
        longestString = 0
        buffer.append(UInt8(ascii: "]"))
        buffer.append(0)
        if recordsBatches { recordedBatches.append((Array(buffer.dropLast()), noLongStrings)) }
        count = 0
        let host = engine.host
        guard let context = host.context, let deliver = host.deliver else {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        // Hand the batch over without copying: the two buffers swap, so entries JS queues while
        // the batch is delivered go to the other one. A nested flush (close() from a callback)
        // copies instead.
        if isFlushing {
            let batch = buffer
            buffer.removeAll(keepingCapacity: true)
            do {
                try batch.withUnsafeBufferPointer { (b) throws(ScriptError) in try context.call(deliver, nulTerminatedJSON: b, noLongStrings: noLongStrings) }
            } catch {
                engine.recordUncaught(error)
            }
            return
        }
        isFlushing = true
        defer { isFlushing = false }
        swap(&buffer, &delivering)
        do {
            if let one, let deliverOne = host.deliverOne {
                // The value's text, ended in place (the batch is not read again).
                delivering[one.value.upperBound] = 0
                try delivering.withUnsafeBufferPointer { (b) throws(ScriptError) in
                    try context.call(deliverOne, Double(one.sdk), nulTerminatedJSON: UnsafeBufferPointer(rebasing: b[one.value.lowerBound...one.value.upperBound]),
                                     noLongStrings: noLongStrings)
                }
            } else {
                try delivering.withUnsafeBufferPointer { (b) throws(ScriptError) in try context.call(deliver, nulTerminatedJSON: b, noLongStrings: noLongStrings) }
            }
        } catch {
            engine.recordUncaught(error)
        }
        delivering.removeAll(keepingCapacity: true)
    }
}
