import FoundationEssentials
public import BridgeValues

/// Checks captured bridge messages offline against a ``SchemaSet`` (`bridge-run validate`).
///
/// A file holds one message object (`{method, params?, callbackId?}`), a JSON array of them, or
/// JSON Lines (one message per line; blank lines are skipped). Each message gets a ``Result``
/// with its location (the file; the line for JSON Lines; the index for arrays) and its
/// ``Outcome``. A message whose params are left out is checked as `{}`.
public struct PayloadFileChecker: Sendable {
    /// Where a message sits in its file.
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        /// The file path as given.
        public var file: String
        /// 1-based line, for JSON Lines.
        public var line: Int?
        /// 0-based index, for array files.
        public var index: Int?

        /// Creates a location.
        public init(file: String, line: Int? = nil, index: Int? = nil) {
            self.file = file
            self.line = line
            self.index = index
        }

        /// `file:12` (JSON Lines), `file[3]` (array) or `file` (single message).
        public var description: String {
            if let line { return "\(file):\(line)" }
            if let index { return "\(file)[\(index)]" }
            return file
        }
    }

    /// What checking one message found.
    public enum Outcome: Sendable, Equatable {
        /// The params match the action's schema.
        case valid
        /// The params break the schema: every violation.
        case invalid([Violation])
        /// No schema describes the method (named).
        case unknownMethod(String)
        /// Not JSON, or not a message object with a string `method` (the reason).
        case malformed(String)
    }

    /// One checked message.
    public struct Result: Sendable, Equatable, CustomStringConvertible {
        /// Where it is.
        public var location: Location
        /// Its method, when it has one.
        public var method: String?
        /// The verdict.
        public var outcome: Outcome

        /// Creates a result.
        public init(location: Location, method: String?, outcome: Outcome) {
            self.location = location
            self.method = method
            self.outcome = outcome
        }

        /// `true` only for ``Outcome/valid``; an unknown method or a malformed message is a
        /// failure.
        public var isValid: Bool { outcome == .valid }

        /// The violations, for ``Outcome/invalid(_:)``; otherwise empty.
        public var violations: [Violation] {
            if case .invalid(let v) = outcome { return v }
            return []
        }

        /// One line per finding, each starting with the location: `file:3: nav.open:
        /// params.page: is required`; `file:3: nav.open: valid` when valid.
        public var lines: [String] {
            let head = "\(location): " + (method.map { "\($0): " } ?? "")
            switch outcome {
            case .valid: return [head + "valid"]
            case .invalid(let violations): return violations.map { head + $0.description }
            case .unknownMethod(let m): return ["\(location): unknown method '\(m)' (no schema describes it)"]
            case .malformed(let reason): return ["\(location): \(reason)"]
            }
        }

        /// ``lines`` joined by newlines.
        public var description: String { lines.joined(separator: "\n") }
    }

    /// A file that could not be read at all.
    public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path.
        public var file: String
        /// Why.
        public var reason: String

        /// `file: reason`.
        public var description: String { "\(file): \(reason)" }
    }

    /// The schemas messages are checked against.
    public var schemas: SchemaSet
    /// The limits the runtime applies to a message (size, string and array lengths); a message
    /// past one is reported as the runtime would refuse it (`PAYLOAD_TOO_LARGE`), so offline and
    /// run-time verdicts agree. `nil` checks the schema alone.
    public var limits: BridgeLimits?

    /// Creates a checker.
    ///
    /// - Parameters:
    ///   - schemas: the loaded schema set.
    ///   - limits: the message limits to apply (default: the runtime's defaults).
    public init(schemas: SchemaSet, limits: BridgeLimits? = BridgeLimits()) {
        self.schemas = schemas
        self.limits = limits
    }

    /// Reads and checks one file.
    ///
    /// - Parameter file: path of a message, array or JSON Lines file.
    /// - Returns: one result per message, in file order.
    /// - Throws: ``FileError`` when the file cannot be read or is not UTF-8.
    public func check(file: String) throws(FileError) -> [Result] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw FileError(file: file, reason: "cannot read file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw FileError(file: file, reason: "not UTF-8 text")
        }
        return check(text: text, file: file)
    }

    /// Checks the contents of a file already in memory. Files named `*.jsonl` or `*.ndjson`
    /// are always read as JSON Lines; others are read as one JSON value first, then as JSON Lines.
    ///
    /// - Parameters:
    ///   - text: the file's text.
    ///   - file: the name used in locations.
    /// - Returns: one result per message, in file order.
    public func check(text: String, file: String) -> [Result] {
        let parser = JSONParser()
        let jsonLines = file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson")
        if !jsonLines, let whole = try? parser.parse(text) {
            switch whole {
            case .array(let messages):
                return messages.enumerated().map { check(message: $0.element, at: Location(file: file, index: $0.offset)) }
            case .object:
                return [check(message: whole, at: Location(file: file))]
            default:
                return [Result(location: Location(file: file), method: nil, outcome: .malformed("not a message: expected an object, an array of objects or JSON Lines, got \(whole.typeName)"))]
            }
        }
        var results: [Result] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = String(line).trimmingSpaces
            if trimmed.isEmpty { continue }
            let location = Location(file: file, line: lineNumber)
            do {
                results.append(check(message: try parser.parse(trimmed), at: location))
            } catch {
                results.append(Result(location: location, method: nil, outcome: .malformed("malformed JSON: \(error)")))
            }
        }
        if results.isEmpty {
            results.append(Result(location: Location(file: file), method: nil, outcome: .malformed("no message in file")))
        }
        return results
    }

    /// Checks one decoded message.
    ///
    /// - Parameters:
    ///   - message: the `{method, params?, callbackId?}` object.
    ///   - location: where it came from.
    /// - Returns: the verdict.
    public func check(message: JSONValue, at location: Location) -> Result {
        guard case .object(let members) = message else {
            return Result(location: location, method: nil, outcome: .malformed("not a message: expected an object, got \(message.typeName)"))
        }
        guard let method = members["method"]?.stringValue, !method.isEmpty else {
            return Result(location: location, method: nil, outcome: .malformed("not a message: no string 'method'"))
        }
        let params = members["params"] ?? .null
        if let limits {
            let size = message.jsonString().utf8.count
            if size > limits.maxMessageBytes {
                return Result(location: location, method: method, outcome: .invalid([Violation(path: "", message: "message of \(size) bytes is larger than the limit of \(limits.maxMessageBytes) bytes (PAYLOAD_TOO_LARGE)")]))
            }
            if let error = limits.violation(in: params) {
                let text = error.message
                let path = text.firstRange(of: ": ").map { String(text[..<$0.lowerBound]) } ?? "params"
                let reason = text.firstRange(of: ": ").map { String(text[$0.upperBound...]) } ?? text
                return Result(location: location, method: method, outcome: .invalid([Violation(path: path, message: reason + " (PAYLOAD_TOO_LARGE)")]))
            }
        }
        guard let violations = schemas.validate(method: method, params: params) else {
            return Result(location: location, method: method, outcome: .unknownMethod(method))
        }
        return Result(location: location, method: method, outcome: violations.isEmpty ? .valid : .invalid(violations))
    }
}
