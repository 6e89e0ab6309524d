import Foundation

/// The result of a run: the process exit code and the error lines printed.
public struct RunReport: Sendable, Equatable {
    /// 0 success · 1 script error or invalid payload · 2 usage or file error · 3 time limit.
    public var exitCode: Int32
    /// The error lines written to stderr.
    public var errors: [String]
}

/// Runs one script headlessly until idle: the library side of `bridge-run run`, usable by any
/// runner executable that links its own components.
@MainActor
public enum ScriptRunner {
    /// Runs `options.file` and prints console output, the trace and errors to `output`.
    ///
    /// - Returns: the exit code (DESIGN.md §9) and the error lines.
    public static func run(_ options: RunOptions, output: any RunOutput, prefix: String = "bridge-run") async -> RunReport {
        var errors: [String] = []
        func fail(_ code: Int32, _ line: String) -> RunReport {
            output.err("\(prefix): \(line)")
            errors.append(line)
            return RunReport(exitCode: code, errors: errors)
        }
        guard let data = FileManager.default.contents(atPath: options.file) else {
            return fail(2, "cannot read \(options.file): no such file or not readable")
        }
        guard let source = String(validating: Array(data), as: UTF8.self) else {
            return fail(2, "\(options.file): not valid UTF-8 text")
        }
        let lower = options.file.lowercased()
        if lower.hasSuffix(".html") || lower.hasSuffix(".htm") {
            return fail(2, "\(options.file): HTML pages are not supported by this build yet; run a .js file")
        }
        var mock: MockFixture?
        if let path = options.mockPath {
            do { mock = try MockFixture(contentsOf: path) } catch { return fail(2, error.message) }
        }
        var fileSink: FileLineSink?
        var trace: TraceWriter?
        if let path = options.tracePath {
            if path == "-" {
                trace = TraceWriter(sink: { output.out($0) })
            } else {
                do { fileSink = try FileLineSink(path: path) } catch { return fail(2, "cannot write trace file \(path)") }
                trace = TraceWriter(sink: { [fileSink] in fileSink?.write($0) })
            }
        }
        defer { fileSink?.close() }

        var config = EngineConfiguration()
        config.clock = options.virtualTime ? VirtualClock() : SystemClock()
        config.vm = ScriptVM(timeLimit: options.timeout / 1000)
        config.pageURL = URL(fileURLWithPath: options.file).absoluteString
        let engine: BridgeEngine
        do {
            engine = try BridgeEngine(configuration: config)
        } catch {
            return fail(2, "cannot start the engine: \(error)")
        }
        defer { engine.close() }
        mock?.install(on: engine)
        var invalid: [String] = []
        engine.onEvent = { event in
            trace?.write(event)
            switch event {
            case .console(_, let message): output.out(message)
            case .error(let method, nil, let error) where error.code == .invalidMessage:
                invalid.append("invalid message\(method.map { " to '\($0)'" } ?? ""): \(error.message)")
            default: break
            }
        }

        var exitCode: Int32 = 0
        do {
            try engine.evaluate(source, sourceURL: options.file)
        } catch {
            engine.onEvent?(.exception(error))
            errors.append(describe(error))
            output.err("\(prefix): \(describe(error))")
            exitCode = error.kind == .timeLimit ? 3 : 1
        }
        if exitCode != 3 {
            do {
                try await engine.runUntilIdle(limit: options.timeout)
            } catch {
                if case .timeLimit(let ms, let pending) = error {
                    let line = "run did not finish within \(Int(ms)) ms; still pending: \(pending)"
                    errors.append(line)
                    output.err("\(prefix): \(line)")
                    exitCode = 3
                }
            }
        }
        for e in engine.uncaughtErrors {
            errors.append(describe(e))
            output.err("\(prefix): \(describe(e))")
            if e.kind == .timeLimit { exitCode = 3 } else if exitCode == 0 { exitCode = 1 }
        }
        for line in invalid {
            errors.append(line)
            output.err("\(prefix): \(line)")
            if exitCode == 0 { exitCode = 1 }
        }
        return RunReport(exitCode: exitCode, errors: errors)
    }

    static func describe(_ e: ScriptError) -> String {
        let loc = e.location.map { "\($0): " } ?? ""
        switch e.kind {
        case .exception: return "\(loc)uncaught \(e.message)"
        case .unhandledRejection: return "\(loc)unhandled promise rejection: \(e.message)"
        case .timeLimit: return "\(loc)\(e.message)"
        }
    }
}
