/// A JavaScript exception (or a stopped script) surfaced as a Swift error.
///
/// Carries the JS message, the source file and line where it was thrown, and the JS stack.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Equatable {
        /// A JS value was thrown and not caught.
        case exception
        /// A promise was rejected and nothing handled it.
        case unhandledRejection
        /// The script ran past the execution time limit and was terminated.
        case timeLimit
        /// The script could not be loaded or bundled (a module that does not resolve); the
        /// message says why, with the original file and line.
        case loadFailure
    }

    /// The kind of failure.
    public var kind: Kind
    /// The JS error's message (`String(error)` for non-Error values).
    public var message: String
    /// The script's source URL or file, when known.
    public var sourceURL: String?
    /// 1-based line number, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// The JS stack trace, when known.
    public var stack: String?

    /// Creates a script error.
    public init(kind: Kind = .exception, message: String, sourceURL: String? = nil, line: Int? = nil, column: Int? = nil, stack: String? = nil) {
        self.kind = kind
        self.message = message
        self.sourceURL = sourceURL
        self.line = line
        self.column = column
        self.stack = stack
    }

    /// `file:line` when known, else `nil`.
    public var location: String? {
        guard let sourceURL else { return line.map { "line \($0)" } }
        if let line { return "\(sourceURL):\(line)" }
        return sourceURL
    }

    /// One line: `file:line: message` (with the kind for rejections and time limits).
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        switch kind {
        case .exception: return prefix + message
        case .unhandledRejection: return prefix + "unhandled promise rejection: " + message
        case .timeLimit, .loadFailure: return prefix + message
        }
    }
}

extension ScriptError {
    /// The error as seen from the page: when it was thrown inside the runtime's own JavaScript
    /// (`runtimeFiles` names those files, e.g. the SDK prelude), its file and line become those of
    /// the first stack frame outside them — the page line that called in. An error with no such
    /// frame keeps no location at all (it is the runtime's own, not the page's). An error with no
    /// position at all (the DOM's `DOMException`s) is first placed at its stack's first frame
    /// that names a file.
    package func relocated(outside runtimeFiles: Set<String>) -> ScriptError {
        var e = self
        if sourceURL == nil, line == nil, let top = stackFrames.first {
            (e.sourceURL, e.line, e.column) = (top.file, top.line, top.column)
        }
        guard let url = e.sourceURL, runtimeFiles.contains(url) else { return e }
        let outside = stackFrames.first { !runtimeFiles.contains($0.file) }
        (e.sourceURL, e.line, e.column) = (outside?.file, outside?.line, outside?.column)
        return e
    }

    /// The stack's frames that name a file (`name@file:line:column`), innermost first.
    private var stackFrames: [(file: String, line: Int, column: Int)] {
        (stack ?? "").split(separator: "\n").compactMap { frame in
            var text = Substring(frame)
            if let at = text.firstIndex(of: "@") { text = text[text.index(after: at)...] }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return nil }
            let file = parts.dropLast(2).joined(separator: ":")
            return file.isEmpty ? nil : (file, line, column)
        }
    }
}

extension ScriptError {
    /// JavaScriptCore parses a script's name as a URL and keeps the parsed form: a name such as
    /// `https://m.example.com/index.html (inline script #2)` comes back percent-encoded and cut
    /// at `#`. Such names are given to JavaScriptCore as a plain alias (`bridge-source:3`) and
    /// put back in the errors that name them.
    package struct SourceNames: Sendable {
        private var aliases: [String: String] = [:]
        private var names: [String: String] = [:]

        package init() {}

        /// The name to give JavaScriptCore for `name`: itself when it would come back unchanged.
        package mutating func alias(for name: String) -> String {
            guard Self.wouldBeRewritten(name) else { return name }
            if let a = aliases[name] { return a }
            let a = "bridge-source:\(aliases.count + 1)"
            aliases[name] = a
            names[a] = name
            return a
        }

        /// `error` with its file (and the files of its stack frames) named as the page named them.
        package func restore(_ error: ScriptError) -> ScriptError {
            guard !names.isEmpty else { return error }
            var e = error
            if let url = e.sourceURL, let name = names[url] { e.sourceURL = name }
            if let stack = e.stack, stack.contains("bridge-source:") {
                e.stack = stack.split(separator: "\n", omittingEmptySubsequences: false).map { frame -> String in
                    guard let r = frame.firstRange(of: "bridge-source:") else { return String(frame) }
                    // `fn@bridge-source:3:line:column`
                    let tail = frame[r.upperBound...]
                    let digits = tail.prefix { $0.isASCII && $0.isNumber }
                    guard let name = names["bridge-source:" + digits] else { return String(frame) }
                    return frame[..<r.lowerBound] + name + tail.dropFirst(digits.count)
                }.joined(separator: "\n")
            }
            return e
        }

        /// A name with a scheme and a character a URL parser escapes or cuts at (a space, `#`,
        /// `%`, a non-ASCII character).
        private static func wouldBeRewritten(_ name: String) -> Bool {
            guard name.contains(":") else { return false }
            return name.utf8.contains { $0 == 0x20 || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") || $0 >= 0x80 || $0 < 0x20 || $0 == UInt8(ascii: "\\") }
        }
    }
}
