import BridgeSupport
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where a run prints: standard output lines (console, `--trace -`) and error lines.
public protocol RunOutput: AnyObject {
    /// Writes one line to standard output.
    func out(_ line: String)
    /// Writes one line to standard error.
    func err(_ line: String)
    /// The first line that could not be written to standard output, as a message (`nil` when
    /// every write succeeded or the output cannot fail).
    var writeFailure: String? { get }
}

extension RunOutput {
    /// Outputs that cannot fail report nothing.
    public var writeFailure: String? { nil }
}

/// Writes to the process's stdout and stderr. A line that cannot be written (stdout to a full
/// disk, a closed pipe) is not lost silently: the first failure is kept, and the run reports it
/// with its exit status.
public final class StandardRunOutput: RunOutput {
    /// Creates the standard output sink.
    public init() {}

    /// The first failed write to stdout (`cannot write standard output: reason`), or `nil`.
    public private(set) var writeFailure: String?

    /// Writes `line` and a newline to stdout.
    public func out(_ line: String) {
        if !FileDescriptorWriter.write(line + "\n", to: 1), writeFailure == nil {
            writeFailure = "cannot write standard output: \(String(cString: strerror(errno)))"
        }
    }

    /// Writes `line` and a newline to stderr.
    public func err(_ line: String) {
        FileDescriptorWriter.write(line + "\n", to: 2)
    }
}

/// Collects lines in memory (for tests and embedding).
public final class CapturedRunOutput: RunOutput {
    /// Lines written to standard output.
    public private(set) var stdout: [String] = []
    /// Lines written to standard error.
    public private(set) var stderr: [String] = []

    /// Creates an empty capture.
    public init() {}

    /// Records a stdout line.
    public func out(_ line: String) { stdout.append(line) }
    /// Records a stderr line.
    public func err(_ line: String) { stderr.append(line) }
}

/// Ends the process with `code` (flushing stdio first).
public func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
