/// Every problem found while loading schema files; thrown when at least one file is wrong.
///
/// Loading never stops at the first problem: all files are read and all problems are reported,
/// sorted by file and line.
public struct SchemaLoadError: Error, Sendable, CustomStringConvertible {
    /// The problems, sorted by file, then line.
    public var problems: [SchemaProblem]

    /// Creates an error from a list of problems.
    ///
    /// - Parameter problems: the problems found (kept in the given order).
    public init(problems: [SchemaProblem]) {
        self.problems = problems
    }

    /// One `file:line: reason` per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
