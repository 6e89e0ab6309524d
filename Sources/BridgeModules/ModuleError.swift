/// Why a module script could not be bundled: one problem per esbuild error (syntax error,
/// unresolved import), an import map that cannot be applied, or esbuild itself missing, failing
/// or running past its time limit.
///
/// Each problem prints as one line, `file:line:column: message` where the file and line are the
/// original ones. A run treats all of them as an error of the page (exit 1), never as a crash.
public struct ModuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Equatable {
        /// The `esbuild` executable was not found.
        case bundlerMissing
        /// esbuild reported errors in the sources (syntax, unresolved or URL imports).
        case build
        /// The import map is not JSON, uses what cannot be bundled (`scopes`, URL keys), or
        /// maps to a file that does not exist.
        case importMap
        /// esbuild ran past its time limit and was killed.
        case timeLimit
        /// esbuild could not be started, or failed without saying why in a form we read, or its
        /// output could not be read.
        case bundlerFailed
    }

    /// One problem, at an original position when known.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The original file (as errors name files), when known.
        public var file: String?
        /// 1-based line, when known.
        public var line: Int?
        /// 1-based column, when known.
        public var column: Int?

        /// Creates a problem.
        public init(message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
            self.message = message
            self.file = file
            self.line = line
            self.column = column
        }

        /// `file:line:column: message` (as much of the position as is known).
        public var description: String {
            guard let file else { return message }
            var location = file
            if let line {
                location += ":\(line)"
                if let column { location += ":\(column)" }
            }
            return "\(location): \(message)"
        }
    }

    /// The kind of failure.
    public var kind: Kind
    /// The problems, at least one.
    public var problems: [Problem]

    /// Creates an error.
    public init(_ kind: Kind, _ problems: [Problem]) {
        self.kind = kind
        self.problems = problems.isEmpty ? [Problem(message: "bundling failed")] : problems
    }

    /// Creates an error with one problem.
    public init(_ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.init(kind, [Problem(message: message, file: file, line: line, column: column)])
    }

    /// One line per problem.
    public var lines: [String] { problems.map(\.description) }

    /// The lines, joined with line breaks.
    public var description: String { lines.joined(separator: "\n") }
}

extension ModuleError {
    /// The error with `transform` applied to each problem's message and file.
    func mapping(_ transform: (String) -> String) -> ModuleError {
        var e = self
        for i in e.problems.indices {
            e.problems[i].message = transform(e.problems[i].message)
            e.problems[i].file = e.problems[i].file.map(transform)
        }
        return e
    }
}
