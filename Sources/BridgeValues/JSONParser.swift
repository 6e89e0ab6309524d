/// A fast, strict JSON parser over UTF-8 bytes, producing `JSONValue`.
///
/// Foundation's `JSONSerialization` is slow on Linux and this sits on every bridge call. The parser
/// refuses what cannot cross the bridge: invalid UTF-8, lone UTF-16 surrogates in `\u` escapes,
/// and nesting deeper than `maxDepth`. Errors carry the path of the offending value
/// (`params.ids[3]`) and the byte offset.
public struct JSONParser: Sendable {
    /// Why a text could not be parsed.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Human-readable reason, e.g. `lone surrogate \ud800 in string`.
        public var reason: String
        /// Path of the value being read, relative to the root (`""` for the root itself).
        public var path: String
        /// Byte offset in the input.
        public var offset: Int
        /// `true` when the text broke a length limit (`PAYLOAD_TOO_LARGE`), not the grammar.
        public var isTooLarge: Bool = false

        /// `path: reason`, or just the reason at the root.
        public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

        /// Creates a failure.
        public init(reason: String, path: String, offset: Int) {
            self.reason = reason
            self.path = path
            self.offset = offset
        }
    }

    /// Deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// Longest string or key accepted, in UTF-16 code units (as JavaScript measures them).
    public var maxStringLength: Int
    /// Longest array accepted.
    public var maxArrayLength: Int

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - maxDepth: deepest nesting accepted (default 512).
    ///   - maxStringLength: longest string or key, in UTF-16 code units (default: no limit).
    ///   - maxArrayLength: longest array (default: no limit).
    public init(maxDepth: Int = 512, maxStringLength: Int = .max, maxArrayLength: Int = .max) {
        self.maxDepth = maxDepth
        self.maxStringLength = maxStringLength
        self.maxArrayLength = maxArrayLength
    }

    /// Parses one JSON text (whitespace around it allowed).
    ///
    /// - Throws: `JSONParser.Failure` naming the reason, path and offset.
    public func parse(_ text: String) throws(Failure) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(Failure) -> JSONValue in try parse(bytes) } }
        return try result.get()
    }

    /// Parses one JSON text from UTF-8 bytes.
    ///
    /// - Throws: `JSONParser.Failure` naming the reason, path and offset.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth, maxStringLength: maxStringLength, maxArrayLength: maxArrayLength)
        do throws(Failure) {
            reader.skipWhitespace()
            let value = try reader.value(depth: 0)
            reader.skipWhitespace()
            if reader.pos != bytes.count { throw reader.fail("unexpected text after the JSON value") }
            return value
        } catch {
            var e = error
            e.path = Self.renderPath(reader.pathStack)
            throw e
        }
    }

    /// Parses JSON from raw bytes (for files).
    ///
    /// - Throws: `JSONParser.Failure` naming the reason, path and offset.
    public func parse(bytes: [UInt8]) throws(Failure) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buf in Result { () throws(Failure) -> JSONValue in try parse(buf) } }
        return try result.get()
    }

    /// Parses a text whose top level is expected to be an object and returns its members in
    /// text order without building a dictionary (the hot path for bridge messages). Returns
    /// `nil` when the top level is not an object.
    ///
    /// - Throws: `JSONParser.Failure` naming the reason, path and offset.
    public func parseObjectMembers(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [(String, JSONValue)]? {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth, maxStringLength: maxStringLength, maxArrayLength: maxArrayLength)
        do throws(Failure) {
            reader.skipWhitespace()
            guard reader.pos < bytes.count, bytes[reader.pos] == UInt8(ascii: "{") else { return nil }
            let members = try reader.members(depth: 1)
            reader.skipWhitespace()
            if reader.pos != bytes.count { throw reader.fail("unexpected text after the JSON value") }
            return members
        } catch {
            var e = error
            e.path = Self.renderPath(reader.pathStack)
            throw e
        }
    }

    /// `parseObjectMembers(_:)`, except for the member named `key` when its value is an object:
    /// that value is checked — the same grammar and limits, at its depth — but not built, and
    /// left out of the members; its byte range in `bytes` is returned instead (parse it with a
    /// `maxDepth` one lower to get the value it would have been). `nil` when the top level is not
    /// an object or `key` appears more than once. A failure thrown here may differ from
    /// `parseObjectMembers(_:)`'s for the same text: parse it that way for the error to report.
    ///
    /// - Throws: `JSONParser.Failure` when the text is not JSON or breaks a limit.
    public func parseObjectMembers(_ bytes: UnsafeBufferPointer<UInt8>, deferring key: String) throws(Failure) -> (members: [(String, JSONValue)], deferred: Range<Int>?)? {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth, maxStringLength: maxStringLength, maxArrayLength: maxArrayLength)
        reader.skipWhitespace()
        guard reader.pos < bytes.count, bytes[reader.pos] == UInt8(ascii: "{") else { return nil }
        var members: [(String, JSONValue)] = []
        var deferred: Range<Int>?
        var deferrals = 0
        try reader.readMembers(depth: 1, deferring: key, { k, v in members.append((k, v)) }, deferred: { range in
            deferred = range
            deferrals += 1
        })
        reader.skipWhitespace()
        if reader.pos != bytes.count { throw reader.fail("unexpected text after the JSON value") }
        if deferrals > 1 || (deferrals == 1 && members.contains { $0.0.sameScalars(as: key) }) { return nil }
        return (members, deferred)
    }

    static func renderPath(_ parts: [PathComponent]) -> String {
        var out = ""
        for p in parts {
            switch p {
            case .key(let k):
                if !out.isEmpty { out += "." }
                out += k
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }

    enum PathComponent {
        case key(String)
        case index(Int)
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        let maxStringLength: Int
        let maxArrayLength: Int
        var pos = 0
        /// Filled only while unwinding from an error, innermost last.
        var pathStack: [PathComponent] = []

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxStringLength: Int, maxArrayLength: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
            self.maxStringLength = maxStringLength
            self.maxArrayLength = maxArrayLength
        }

        func tooLarge(_ reason: String) -> Failure {
            var f = Failure(reason: reason, path: "", offset: pos)
            f.isTooLarge = true
            return f
        }

        /// A string read from the text, checked against the length limit (UTF-16 units are never
        /// more than UTF-8 bytes, so short texts need no count).
        @inline(__always) func checkedLength(_ s: String, bytes count: Int, what: String) throws(Failure) -> String {
            if count > maxStringLength {
                let units = s.utf16.count
                if units > maxStringLength { throw tooLarge("a \(what) of \(units) characters is longer than the limit of \(maxStringLength)") }
            }
            return s
        }

        func fail(_ reason: String) -> Failure {
            Failure(reason: reason, path: "", offset: pos)
        }

        /// At a container's opening bracket: checks the depth and consumes it; `true` when the
        /// container is empty (its closing `close` consumed too).
        @inline(__always)
        mutating func opens(_ close: UInt8, depth: Int) throws(Failure) -> Bool {
            if depth > maxDepth { throw fail("nested deeper than \(maxDepth) levels") }
            pos += 1
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == close else { return false }
            pos += 1
            return true
        }

        /// Before a member's key: at its opening quote, else the error.
        @inline(__always)
        mutating func atKey() throws(Failure) {
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
        }

        /// After a member's key: past the `:` and the whitespace around it, else the error.
        @inline(__always)
        mutating func pastColon() throws(Failure) {
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw fail("expected ':' after key") }
            pos += 1
            skipWhitespace()
        }

        /// After a member or an element: `true` at the container's closing `close`, `false` after
        /// a `,` (either consumed), else the container's error.
        @inline(__always)
        mutating func closes(_ close: UInt8, object: Bool) throws(Failure) -> Bool {
            skipWhitespace()
            guard pos < bytes.count else { throw fail(object ? "unexpected end of JSON in object" : "unexpected end of JSON in array") }
            let c = bytes[pos]
            if c == UInt8(ascii: ",") || c == close {
                pos += 1
                return c == close
            }
            throw fail(object ? "expected ',' or '}' in object" : "expected ',' or ']' in array")
        }

        @inline(__always) mutating func skipWhitespace() {
            while pos < bytes.count {
                let c = bytes[pos]
                if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { break }
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard pos < bytes.count else { throw fail("unexpected end of JSON") }
            switch bytes[pos] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[pos])))'")
            }
        }

        mutating func literal(_ word: StaticString) throws(Failure) {
            let n = word.utf8CodeUnitCount
            guard pos + n <= bytes.count else { throw fail("unexpected end of JSON") }
            let w = word.utf8Start
            for i in 0..<n where bytes[pos + i] != w[i] { throw fail("invalid literal") }
            pos += n
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            var members: [JSONObject.Member] = []
            try readMembers(depth: depth) { key, value in
                // Room for a small object's members at once (growing from empty is three allocations).
                if members.isEmpty { members.reserveCapacity(8) }
                members.append(JSONObject.Member(key: ScalarKey(key), value: value))
            }
            return .object(JSONObject(unsorted: members))
        }

        /// The members of an object in text order (a repeated key appears twice).
        mutating func members(depth: Int) throws(Failure) -> [(String, JSONValue)] {
            var members: [(String, JSONValue)] = []
            try readMembers(depth: depth) { key, value in members.append((key, value)) }
            return members
        }

        /// Reads `{…}` at `pos`, handing each member to `add` in text order — or, for a member
        /// named `deferKey` whose value is an object, its checked byte range to `deferred`.
        @inline(__always)
        mutating func readMembers(depth: Int, deferring deferKey: String? = nil, _ add: (String, JSONValue) -> Void, deferred: (Range<Int>) -> Void = { _ in }) throws(Failure) {
            if try opens(UInt8(ascii: "}"), depth: depth) { return }
            while true {
                try atKey()
                let key = try string()
                try pastColon()
                do throws(Failure) {
                    if let deferKey, pos < bytes.count, bytes[pos] == UInt8(ascii: "{"), key.sameScalars(as: deferKey) {
                        let start = pos
                        try skipValue(depth: depth)
                        deferred(start..<pos)
                    } else {
                        add(key, try value(depth: depth))
                    }
                } catch {
                    pathStack.insert(.key(key), at: 0)
                    throw error
                }
                if try closes(UInt8(ascii: "}"), object: true) { return }
            }
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            var items: [JSONValue] = []
            if try opens(UInt8(ascii: "]"), depth: depth) { return .array(items) }
            items.reserveCapacity(4)
            while true {
                skipWhitespace()
                if items.count >= maxArrayLength {
                    pathStack.insert(.index(items.count), at: 0)
                    throw tooLarge("an array of more than \(maxArrayLength) elements is longer than the limit of \(maxArrayLength)")
                }
                do throws(Failure) {
                    items.append(try value(depth: depth))
                } catch {
                    pathStack.insert(.index(items.count), at: 0)
                    throw error
                }
                if try closes(UInt8(ascii: "]"), object: false) { return .array(items) }
            }
        }
    }
}
