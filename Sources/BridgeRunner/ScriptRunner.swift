import BridgeValues
package import ScriptEngine
import BridgePage
import BridgeCore

/// Runs one script headlessly until idle: the library side of `bridge-run run`, usable by any
/// runner executable that links its own components.
@MainActor
public enum ScriptRunner {
    /// Runs `options.file` and prints console output, the trace and errors to `output`.
    ///
    /// - Returns: the exit code (docs/cli.md) and the error lines.
    public static func run(_ options: RunOptions, output: any RunOutput, prefix: String = "bridge-run") async -> RunReport {
        let log = RunLog(output: output, prefix: prefix)
        guard let inputs = RunInputs.load(options, output: output, prefix: prefix, log: log) else { return log.report }
        defer { inputs.traceFile?.close() }
        let scriptLimit = min(options.scriptTimeout ?? options.timeout, options.timeout)
        let started = SystemClock().now
        RunGuard.start(
            scriptLimit: scriptLimit, deadline: started + options.timeout, memoryLimit: options.memoryLimit,
            runLimit: options.timeout, prefix: prefix, flush: inputs.traceFile)
        defer { RunGuard.end() }
        if inputs.capabilities == nil {
            inputs.trace?.write(.notice("no capability file: every page may call every action"))
        }
        ScriptVM.setJITTiering(options.jitTiering)
        let vm = ScriptVM(timeLimit: scriptLimit)
        // Its engines are closed when a generation ends; tearing the VM down would only delay
        // the exit of a process that is about to exit.
        defer { if options.processExitsAfterRun { vm.keepUntilExit() } }
        let generation = PageGeneration(
            options: options, inputs: inputs, vm: vm,
            clock: options.virtualTime ? VirtualClock() : SystemClock(), output: output, log: log, started: started)
        var page = inputs.page
        var count = 1
        while let next = await generation.run(page) {
            count += 1
            guard count <= maxNavigations else {
                log.error("more than \(maxNavigations) page navigations; stopping (a redirect loop?)", code: 1)
                break
            }
            guard SystemClock().now - started < options.timeout else {
                log.error("run did not finish within \(BridgeError.describe(options.timeout)); the page kept navigating (last to \(next))", code: 3)
                break
            }
            inputs.trace?.write(.notice("navigated to \(next) (page generation \(count))"))
            switch PageInput.resolve(next, offline: inputs.offline) {
            case .success(let p): page = p
            case .failure(let problem):
                log.error(problem.message(for: next), code: 1)
                return finish(log, inputs: inputs, output: output)
            }
        }
        return finish(log, inputs: inputs, output: output)
    }

    /// Output that could not be written is an error of the run (exit 2), never lost silently.
    private static func finish(_ log: RunLog, inputs: RunInputs, output: any RunOutput) -> RunReport {
        inputs.traceFile?.flush()
        if let failure = inputs.traceFile?.failure { log.error(failure, code: 2) }
        if let failure = output.writeFailure { log.error(failure, code: 2) }
        return log.report
    }

    /// Page loads one run may chain through navigations.
    static let maxNavigations = 20

    /// An uncaught error of a page as the one line `run` prints (and `loadPage` records).
    package static func describe(_ e: ScriptError) -> String {
        let loc = e.location.map { "\($0): " } ?? ""
        switch e.kind {
        case .exception: return "\(loc)uncaught \(e.message)"
        case .unhandledRejection: return "\(loc)unhandled promise rejection: \(e.message)"
        case .timeLimit, .loadFailure: return "\(loc)\(e.message)"
        }
    }
}
