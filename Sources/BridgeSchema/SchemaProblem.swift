/// One thing wrong with a schema file, located by file and line.
///
/// Its description is the `file:line: reason` line that `bridge-run lint` prints.
public struct SchemaProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the schema file as given to the loader.
    public var file: String
    /// 1-based line of the element at fault (0 when the whole file is at fault).
    public var line: Int
    /// What is wrong, e.g. `unknown type 'strng'`.
    public var reason: String

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - file: path of the schema file.
    ///   - line: 1-based line of the offending element.
    ///   - reason: what is wrong.
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`.
    public var description: String { "\(file):\(line): \(reason)" }
}
