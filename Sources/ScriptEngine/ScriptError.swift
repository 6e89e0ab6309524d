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
        case .timeLimit: return prefix + message
        }
    }
}

extension ScriptError {
    /// The error as seen from the page: when it was thrown inside the runtime's own JavaScript
    /// (`runtimeFiles` names those files, e.g. the SDK prelude), its file and line become those of
    /// the first stack frame outside them — the page line that called in. An error with no such
    /// frame keeps no location at all (it is the runtime's own, not the page's).
    package func relocated(outside runtimeFiles: Set<String>) -> ScriptError {
        guard let url = sourceURL, runtimeFiles.contains(url) else { return self }
        var e = self
        e.sourceURL = nil
        e.line = nil
        e.column = nil
        for frame in (stack ?? "").split(separator: "\n") {
            var text = Substring(frame)
            if let at = text.firstIndex(of: "@") { text = text[text.index(after: at)...] }
            // `url:line:column`
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { continue }
            let file = parts.dropLast(2).joined(separator: ":")
            guard !file.isEmpty, !runtimeFiles.contains(file) else { continue }
            e.sourceURL = file
            e.line = line
            e.column = column
            break
        }
        return e
    }
}
