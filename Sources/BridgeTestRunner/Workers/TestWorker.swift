import FoundationEssentials
import BridgeRunner
import BridgeSupport

/// The protocol between `bridge-run test --workers N` and its worker processes
/// (`bridge-run test --worker`, hidden), one JSON document per line:
///
/// - parent → worker (stdin): first the run's `TestOptions`, then one file path (a JSON string)
///   per file to run; closing stdin ends the worker after its current file;
/// - worker → parent (stdout): `WorkerEvent`s of the file it runs, in order, the last one
///   `finished`; then it reads the next path. Anything the worker writes to stderr (the process
///   guard's line) the parent passes on.
///
/// A worker runs its files exactly as `--workers 1` does in one process (one VM per worker, its
/// own process guard and memory limit).
enum WorkerEvent: Codable, Sendable, Equatable {
    /// A console line of the running file.
    case console(String)
    /// A remark of the runner about the file.
    case note(String)
    /// A test finished.
    case result(TestCaseResult)
    /// The file finished: everything about it.
    case finished(TestFileResult)

    /// The event as one line of JSON.
    func line() -> String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads one line (`nil` when it is not an event).
    init?(line: String) {
        guard let event = try? JSONDecoder().decode(WorkerEvent.self, from: Data(line.utf8)) else { return nil }
        self = event
    }
}

/// The worker side: reads the options and then file paths on stdin, runs each file and writes
/// its events to stdout.
@MainActor
enum TestWorker {
    /// Serves files until stdin closes.
    ///
    /// - Parameters:
    ///   - output: where setup errors go (stderr).
    ///   - prefix: the command name for messages.
    /// - Returns: exit code 0, or 2 when the options cannot be read or set up.
    static func serve(output: any RunOutput, prefix: String) async -> Int32 {
        var input = FileDescriptorLineReader(fd: 0)
        guard let first = input.next(),
            var options = try? JSONDecoder().decode(TestOptions.self, from: Data(first.utf8))
        else {
            output.err("\(prefix): test --worker expects the run's options as JSON on its first line of input")
            return 2
        }
        options.isWorker = true
        let inputs: TestInputs
        switch TestInputs.load(options, output: output, prefix: prefix) {
        case .success(let loaded): inputs = loaded
        case .failure: return 2
        }
        let vm = TestRunner.startVM(options, prefix: prefix)
        // A worker process exits when its input closes: its VM's teardown (20–37 ms of
        // finalizing the pages of a jQuery suite, `JSC_logGC=1`) would only delay that.
        defer { vm.keepUntilExit() }
        defer { RunGuard.end() }
        while let line = input.next() {
            guard let path = try? JSONDecoder().decode(String.self, from: Data(line.utf8)) else { continue }
            let runner = TestRunner.fileRunner(path: path, options: options, vm: vm, inputs: inputs)
            runner.onConsole = { emit(.console($0)) }
            runner.onNote = { emit(.note($0)) }
            runner.onResult = { emit(.result($0)) }
            let result = await runner.run()
            emit(.finished(result))
        }
        return 0
    }

    private static func emit(_ event: WorkerEvent) {
        FileDescriptorWriter.write(event.line() + "\n", to: 1)
    }
}
