import BridgeValues
import ScriptEngine
/// Why a test failed, ready to print: a headline, detail lines and the test file's line.
struct TestFailure: Sendable, Equatable, Codable {
    /// One line: the expectation (`expect(received).toBe(expected)`), the error, or the timeout.
    var message: String
    /// Lines after the headline (values, diff, hints), without indentation.
    var details: [String]
    /// `file:line` in the test file, when known.
    var location: String?
    /// What kind of failure (JUnit's `type`): `AssertionError` for an expectation, `Timeout`,
    /// the thrown error's name (`TypeError`, `BridgeError`...), `SyntaxError` for a file that
    /// does not parse.
    var type: String = "Error"

    init(message: String, details: [String], location: String?, type: String = "Error") {
        self.message = message
        self.details = details
        self.location = location
        self.type = type
    }

    /// Headline, details and location, as printed under a failed test.
    var lines: [String] {
        var out = [message] + details
        if let location { out += ["", "at \(location)"] }
        return out
    }

    /// A one-line summary for the JUnit `message` attribute.
    var summary: String {
        location.map { "\(message) (at \($0))" } ?? message
    }
}

extension TestFailure {
    /// Builds a failure from the harness's failure object
    /// `{kind, title, expected?, received?, diff?, hint?, stack?, definedAt?}`.
    ///
    /// - Parameters:
    ///   - json: the object the JS harness returned.
    ///   - sourceURL: the test file's name in stacks; the first frame in it gives the line.
    init(harness json: JSONValue, sourceURL: String) {
        let title = json["title"]?.stringValue ?? "test failed"
        var details: [String] = []
        let expected = json["expected"]?.stringValue
        let received = json["received"]?.stringValue
        if json["diff"]?.boolValue == true, let expected, let received {
            let labels = json["labels"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let (minus, plus) = labels.count == 2 ? (labels[0], labels[1]) : ("Expected", "Received")
            details += ["", "- \(minus)", "+ \(plus)", ""]
            details += LineDiff.lines(expected: expected, received: received)
        } else if expected != nil || received != nil {
            details.append("")
            if let expected { details += Self.labelled("Expected: ", expected) }
            if let received { details += Self.labelled("Received: ", received) }
        }
        if let hint = json["hint"]?.stringValue, !hint.isEmpty {
            details.append("")
            details += hint.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var line: Int?
        if json["kind"]?.stringValue != "timeout", let stack = json["stack"]?.stringValue {
            line = Self.line(inStack: stack, file: sourceURL)
        }
        if line == nil, let definedAt = json["definedAt"]?.stringValue {
            line = Self.line(inStack: definedAt, file: sourceURL)
        }
        self.init(message: title, details: details, location: line.map { "\(sourceURL):\($0)" }, type: json["type"]?.stringValue ?? "Error")
    }

    /// A failure made from a script error (syntax error, uncaught exception, time limit).
    init(scriptError e: ScriptError, sourceURL: String, prefix: String = "") {
        var line = e.sourceURL == sourceURL ? e.line : nil
        if line == nil, let stack = e.stack { line = Self.line(inStack: stack, file: sourceURL) }
        let location = line.map { "\(sourceURL):\($0)" } ?? e.location
        let type: String
        switch e.kind {
        case .timeLimit: type = "TimeLimit"
        case .unhandledRejection: type = "UnhandledRejection"
        case .loadFailure: type = "LoadFailure"
        case .exception: type = e.message.hasPrefix("SyntaxError") ? "SyntaxError" : "Error"
        }
        self.init(message: prefix + e.message, details: [], location: location, type: type)
    }

    /// `label` before the first line of `value`, later lines aligned under it.
    static func labelled(_ label: String, _ value: String) -> [String] {
        let pad = String(repeating: " ", count: label.count)
        return value.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            ($0.offset == 0 ? label : pad) + $0.element
        }
    }

    /// The line of the first stack frame in `file`. JavaScriptCore frames read
    /// `name@url:line:column` (or `url:line:column`).
    static func line(inStack stack: String, file: String) -> Int? {
        for frame in stack.split(separator: "\n") {
            var location = Substring(frame)
            if let at = frame.firstIndex(of: "@") { location = frame[frame.index(after: at)...] }
            guard location.hasPrefix(file + ":") else { continue }
            let numbers = location.dropFirst(file.count + 1).prefix { $0.isNumber }
            if let n = Int(numbers) { return n }
        }
        return nil
    }
}
