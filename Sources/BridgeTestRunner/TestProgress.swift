import BridgeRunner
import BridgeSupport
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress indicator (`[3/40] path`) on a terminal, for long runs.
///
/// Enabled only when stdout is a terminal and the output is the process's own stdout: it
/// rewrites the line in place with a carriage return and erases it before any other output
/// line, so captured output and CI logs never contain it.
final class TestProgress: RunOutput {
    private let base: any RunOutput
    private let enabled: Bool
    private var showing = false

    /// Wraps `output`; progress is shown when `enabled` (a human format writes to stdout), and
    /// then only on a terminal.
    init(wrapping output: any RunOutput, total: Int, enabled: Bool = true) {
        base = output
        self.enabled = enabled && total > 1 && output is StandardRunOutput && isatty(1) == 1
    }

    /// The first line that could not be written to standard output.
    var writeFailure: String? { base.writeFailure }

    /// Shows `[done/total] path`.
    func update(done: Int, total: Int, path: String) {
        guard enabled else { return }
        FileDescriptorWriter.write("\r\u{1B}[K[\(done)/\(total)] \(path)", to: 1)
        showing = true
    }

    /// Erases the progress line.
    func clear() {
        guard showing else { return }
        FileDescriptorWriter.write("\r\u{1B}[K", to: 1)
        showing = false
    }

    /// Erases the progress line, then writes `line` to stdout.
    func out(_ line: String) {
        clear()
        base.out(line)
    }

    /// Erases the progress line, then writes `line` to stderr.
    func err(_ line: String) {
        clear()
        base.err(line)
    }
}
