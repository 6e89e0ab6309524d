import FoundationEssentials
#if canImport(Glibc)
import Glibc
import BridgeSupport
#endif

/// Where a run prints: standard output lines (console, `--trace -`) and error lines.
public protocol RunOutput: AnyObject {
    /// Writes one line to standard output.
    func out(_ line: String)
    /// Writes one line to standard error.
    func err(_ line: String)
}

/// Writes to the process's stdout and stderr.
public final class StandardRunOutput: RunOutput {
    /// Creates the standard output sink.
    public init() {}

    /// Writes `line` and a newline to stdout.
    public func out(_ line: String) {
        FileDescriptorWriter.write(line + "\n", to: 1)
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
