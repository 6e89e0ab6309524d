#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
public import BridgeRunner
import BridgeTestRunner
import BridgeValues

extension BridgeCommandLine {
    /// Runs the command line and returns the exit code.
    ///
    /// Before parsing, `run` and `test` read the project config (`--config FILE`, or the nearest
    /// `bridge.config.json`; `--no-config` skips it) and the environment: `test` runs files in
    /// as many worker processes (this executable, `test --worker`) as there are cores, and in
    /// CI mode when `CI` is set (to anything but `0` or `false`).
    ///
    /// - Parameters:
    ///   - arguments: the arguments without the executable name.
    ///   - commandName: the name printed in messages and help.
    ///   - output: where to print (default: stdout/stderr).
    ///   - processExitsAfter: the caller exits with the returned code straight away (an
    ///     executable's `main`): `run` and `test` skip tearing down their VM
    ///     (`RunOptions.processExitsAfterRun`, `TestOptions.processExitsAfterRun`).
    ///     Default `false`, for callers that go on (tests calling `main` many times).
    public static func main(
        arguments: [String], commandName: String = "bridge-run", output: any RunOutput = StandardRunOutput(),
        processExitsAfter: Bool = false
    ) async -> Int32 {
        // A reader that goes away (`| head`, a FIFO closed) is a failed write the run reports,
        // not a signal that kills the process with half the output.
        signal(SIGPIPE, SIG_IGN)
        let command: Command
        do {
            let (rest, defaults) = try environmentDefaults(arguments)
            command = try parse(rest, defaults: defaults)
        } catch {
            output.err("\(commandName): \(error.message)")
            return 2
        }
        switch command {
        case .help(let which):
            output.out(help(which, commandName: commandName))
            return 0
        case .version:
            output.out("\(commandName) \(BridgeRuntimeVersion)")
            return 0
        case .run(var options):
            options.processExitsAfterRun = processExitsAfter
            return await ScriptRunner.run(options, output: output, prefix: commandName).exitCode
        case .test(var options):
            options.processExitsAfterRun = processExitsAfter
            return await TestRunner.run(options, output: output, prefix: commandName).exitCode
        case .validate(let schemas, let files, let limits):
            return SchemaCommands.validate(schemasDir: schemas, files: files, limits: limits ? BridgeLimits() : nil, output: output, prefix: commandName)
        case .lint(let schemas):
            return SchemaCommands.lint(schemasDir: schemas, output: output, prefix: commandName)
        case .docs(let schemas, let format, let out):
            return SchemaCommands.docs(schemasDir: schemas, format: format, outDir: out, output: output, prefix: commandName)
        case .types(let out):
            return TypeScriptDeclarations.write(outDir: out, output: output, prefix: commandName)
        case .junitMerge(let files, let out):
            return JUnitMerge.run(files: files, out: out, output: output, prefix: commandName)
        case .coverageMerge(let files, let out, let min):
            return CoverageMerge.run(files: files, out: out, min: min, output: output, prefix: commandName)
        }
    }

    /// The arguments without `--config FILE`/`--no-config`, and the defaults of `run` and
    /// `test`: the project config's, then the environment's.
    ///
    /// - Throws: `UsageError` for a config file that cannot be used (its path and the JSON path).
    static func environmentDefaults(_ arguments: [String], directory: String = ".") throws(UsageError) -> ([String], Defaults) {
        guard let command = arguments.first, command == "run" || command == "test" else { return (arguments, Defaults()) }
        var rest = [command]
        var explicit: String?
        var useConfig = true
        var i = 1
        while i < arguments.count {
            let a = arguments[i]
            if a == "--config" {
                guard i + 1 < arguments.count else { throw UsageError(message: "--config needs a value") }
                explicit = arguments[i + 1]
                i += 2
                continue
            }
            if a.hasPrefix("--config=") {
                explicit = String(a.dropFirst("--config=".count))
                i += 1
                continue
            }
            if a == "--no-config" {
                useConfig = false
                i += 1
                continue
            }
            rest.append(a)
            i += 1
        }
        var defaults = Defaults()
        var config: ProjectConfig?
        if let explicit {
            guard access(explicit, F_OK) == 0 else { throw UsageError(message: "--config \(explicit): no such file") }
            do { config = try ProjectConfig(contentsOf: explicit) } catch { throw UsageError(message: error.message) }
        } else if useConfig, let found = ProjectConfig.find(from: directory) {
            do { config = try ProjectConfig(contentsOf: found) } catch { throw UsageError(message: error.message) }
        }
        if let config {
            defaults.test = config.testDefaults()
            defaults.run = config.runDefaults()
        }
        // (Only `test` asks for the cores and this executable: Foundation's count reads the
        // cgroup files, code and pages a `run` does without.)
        if command == "test" {
            if config?.workers == nil { defaults.test.workers = max(1, ProcessInfo.processInfo.activeProcessorCount) }
            defaults.test.workerExecutable = selfExecutable()
        }
        if let ci = getenv("CI").map({ String(cString: $0) }), !ci.isEmpty, ci != "0", ci.lowercased() != "false" { defaults.test.ci = true }
        return (rest, defaults)
    }

    /// This executable, for worker processes (`nil` where it cannot be named).
    static func selfExecutable() -> String? {
        #if os(Linux)
        return access("/proc/self/exe", F_OK) == 0 ? "/proc/self/exe" : nil
        #else
        return nil
        #endif
    }
}
