import FoundationEssentials
import BridgeRunner
#if canImport(Glibc)
import Glibc
#endif

/// Colour for human-readable test output: green passes, red failures, yellow skips, dim times.
///
/// On only when the lines go to the process's own standard output, that is a terminal, and
/// `NO_COLOR` is unset or empty (https://no-color.org); never in a pipe, a file or a capture.
/// `--color`/`--no-color` (`TestOptions.color`) decide instead, except that `NO_COLOR` always
/// wins.
struct TerminalStyle: Sendable {
    /// `true` when escape sequences are written.
    let enabled: Bool

    static let plain = TerminalStyle(enabled: false)

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// The style for lines written to `output` (a file is never coloured).
    static func forStandardOutput(_ output: any RunOutput, choice: Bool?) -> TerminalStyle {
        TerminalStyle(
            enabled: decide(
                noColor: ProcessInfo.processInfo.environment["NO_COLOR"], choice: choice,
                isTerminal: output is StandardRunOutput && isatty(1) == 1))
    }

    /// Colour or not: never with a non-empty `NO_COLOR`; else the explicit choice; else only on
    /// a terminal.
    static func decide(noColor: String?, choice: Bool?, isTerminal: Bool) -> Bool {
        if let noColor, !noColor.isEmpty { return false }
        return choice ?? isTerminal
    }

    func green(_ s: String) -> String { wrap(s, "32") }
    func red(_ s: String) -> String { wrap(s, "31") }
    func yellow(_ s: String) -> String { wrap(s, "33") }
    func dim(_ s: String) -> String { wrap(s, "2") }
    func bold(_ s: String) -> String { wrap(s, "1") }

    private func wrap(_ s: String, _ code: String) -> String {
        enabled && !s.isEmpty ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
