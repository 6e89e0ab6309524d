import FoundationEssentials
import BridgeRunner
#if canImport(Glibc)
import Glibc
#endif

/// Runs test files in worker processes (`--workers N`) and reports them in file order.
///
/// Each worker gets the next file when it finishes one, so long files do not hold back the rest.
/// Events of the file first in order go to the reporters as they arrive; those of later files
/// wait until every earlier file is done, so output, counts and JUnit are the same as with one
/// process. A worker that dies (the process guard ended it: a runaway chain of promise
/// continuations, the memory limit) fails its file with the worker's last stderr line and is
/// replaced; the run then exits with the worker's status (3 or 4). With `--bail`, files after
/// the first failing one (in file order) are not started, or are stopped.
@MainActor
final class TestWorkerPool {
    private struct FileState {
        var events: [WorkerEvent] = []
        var emitted = 0
        var result: TestFileResult?
    }

    private let options: TestOptions
    private let executable: String
    private let reporters: ReporterSet
    private let output: any RunOutput
    private let prefix: String
    private let files: [String]
    private var states: [FileState]
    /// The next file to hand out, and the first file not yet reported in full.
    private var nextFile = 0
    private var head = 0
    private var running: [Int: (process: WorkerProcess, file: Int?, lastError: String?)] = [:]
    private var nextWorker = 0
    /// The last file reported (`--bail`): later files are not run.
    private var stopAfter: Int?
    private var failedFiles = 0
    /// The status of a worker the process guard ended (3 time, 4 memory), if any.
    private(set) var guardStatus: Int32?

    init(options: TestOptions, executable: String, files: [String], reporters: ReporterSet, output: any RunOutput, prefix: String) {
        self.options = options
        self.executable = executable
        self.files = files
        self.reporters = reporters
        self.output = output
        self.prefix = prefix
        states = Array(repeating: FileState(), count: files.count)
    }

    /// Files from this index on are not run (`--bail`); all files otherwise.
    private var limit: Int { stopAfter.map { $0 + 1 } ?? files.count }

    /// Runs every file on `count` workers.
    ///
    /// - Parameter onFileStarted: called when a file is handed to a worker (the progress line).
    /// - Returns: the file results in order and the files not run (`--bail`).
    func run(workers count: Int, onFileStarted: @escaping (String, Int) -> Void) async -> (files: [TestFileResult], notRun: [String]) {
        signal(SIGPIPE, SIG_IGN)
        let (stream, continuation) = AsyncStream<(Int, WorkerProcess.Message)>.makeStream()
        let deliver: @Sendable (Int, WorkerProcess.Message) -> Void = { continuation.yield(($0, $1)) }
        var workerOptions = options
        workerOptions.workers = 1
        workerOptions.reporters = []
        workerOptions.junitPath = nil
        let optionsLine = String(decoding: (try? JSONEncoder().encode(workerOptions)) ?? Data(), as: UTF8.self)

        func startWorker() {
            guard nextFile < limit else { return }
            let number = nextWorker
            nextWorker += 1
            do {
                let process = try WorkerProcess(number: number, executable: executable, arguments: ["test", "--worker"], onMessage: deliver)
                running[number] = (process, nil, nil)
                process.send(optionsLine)
                dispatch(number)
            } catch {
                // Nothing can run the file: it fails with the reason.
                output.err("\(prefix): \(error.description)")
                let index = nextFile
                nextFile += 1
                fail(index, why: error.description)
            }
        }
        func dispatch(_ number: Int) {
            guard let worker = running[number] else { return }
            guard nextFile < limit else {
                running[number]?.file = nil
                worker.process.finishInput()
                return
            }
            let index = nextFile
            nextFile += 1
            running[number]?.file = index
            running[number]?.lastError = nil
            onFileStarted(files[index], index)
            worker.process.send(String(decoding: (try? JSONEncoder().encode(files[index])) ?? Data(), as: UTF8.self))
        }

        for _ in 0..<min(count, files.count) { startWorker() }
        while running.isEmpty, nextFile < limit { startWorker() }
        if running.isEmpty { continuation.finish() }
        for await (number, message) in stream {
            switch message {
            case .stderr(let line):
                output.err(line)
                running[number]?.lastError = line
            case .stdout(let line):
                guard let event = WorkerEvent(line: line), let index = running[number]?.file, index < limit else { continue }
                if case .finished(let result) = event {
                    states[index].result = result
                    flush()
                    dispatch(number)
                } else {
                    states[index].events.append(event)
                    if index == head { flush() }
                }
            case .exited(let status):
                guard let worker = running.removeValue(forKey: number) else { break }
                if let index = worker.file, index < limit, states[index].result == nil {
                    if status == 3 || status == 4 { guardStatus = guardStatus ?? status }
                    let why = worker.lastError.map { Self.stripPrefix($0, prefix) }
                        ?? "the worker process exited with status \(status) while running this file"
                    fail(index, why: why)
                }
                if nextFile < limit { startWorker() }
            }
            if running.isEmpty { break }
        }
        continuation.finish()
        let done = states.prefix(limit).compactMap(\.result)
        return (done, Array(files[min(limit, files.count)...]))
    }

    /// Ends file `index` with a failure standing for what its worker could not report (the
    /// results it did report are kept).
    private func fail(_ index: Int, why: String) {
        let failure = Self.workerFailure(why)
        states[index].events.append(.result(failure))
        var partial = TestFileResult(path: files[index], cases: [], durationMs: 0)
        for case .result(let r) in states[index].events { partial.cases.append(r) }
        states[index].result = partial
        flush()
    }

    /// Reports what can be reported in order: the head file's new events, and when it is done,
    /// the next files'.
    private func flush() {
        while head < limit {
            let file = files[head]
            while states[head].emitted < states[head].events.count {
                let event = states[head].events[states[head].emitted]
                states[head].emitted += 1
                switch event {
                case .console(let line): reporters.console(line, file: file)
                case .note(let line): reporters.note(line, file: file)
                case .result(let r): reporters.result(r, file: file)
                case .finished: break
                }
            }
            guard let result = states[head].result else { return }
            reporters.fileFinished(result)
            if result.failed {
                failedFiles += 1
                if let bail = options.bail, failedFiles >= bail, stopAfter == nil {
                    stopAfter = head
                    // Files after this one are not reported: stop the workers running them.
                    for (_, worker) in running where (worker.file ?? -1) > head { worker.process.kill() }
                }
            }
            head += 1
        }
    }

    /// A failure standing for what a worker could not report.
    static func workerFailure(_ why: String) -> TestCaseResult {
        TestCaseResult(name: "", status: .failed, durationMs: 0, failure: TestFailure(message: why, details: [], location: nil, type: "WorkerExit"))
    }

    static func stripPrefix(_ line: String, _ prefix: String) -> String {
        line.hasPrefix(prefix + ": ") ? String(line.dropFirst(prefix.count + 2)) : line
    }
}
