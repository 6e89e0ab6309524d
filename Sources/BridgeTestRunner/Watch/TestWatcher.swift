import Synchronization
import FoundationEssentials
import BridgeRunner
import BridgeSupport
#if canImport(Glibc)
import Glibc
#endif

/// `bridge-run test --watch`: runs the suite, then polls the files every 200 ms and re-runs the
/// test files a change affects, until SIGINT (Ctrl-C) or SIGTERM; the process then exits with
/// the status of the last run that finished (a run a signal cut short does not count, unless it
/// was the first).
///
/// What is watched: the test paths (directories recursively, without hidden entries,
/// `node_modules` and `__snapshots__`), every file a test file read in the last run (itself,
/// its imports, the pages its tests loaded and their modules), the `--mock`, `--http-mock` and
/// `--capabilities` files and the `--schemas` folder — not the run's own report files. Polling
/// modification times and sizes needs no inotify.
///
/// What runs again: a changed test file runs itself; a changed file that test files read runs
/// those; any other change (a schema, a mock file, a script an HTML page loads, a new file)
/// runs every test file. A removed test file is dropped.
@MainActor
enum TestWatcher {
    /// The signal that asked the watcher to end (0: none yet).
    nonisolated static let stopSignal = Atomic<Int32>(0)
    /// How often the files are polled.
    static let pollInterval: Duration = .milliseconds(200)

    static func run(_ options: TestOptions, output: any RunOutput, prefix: String) async -> RunReport {
        var base = options
        base.watch = true
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { TestWatcher.stopSignal.store($0, ordering: .relaxed) }
        }
        let terminal = output is StandardRunOutput && isatty(1) == 1
        let excluded = Set(
            (options.effectiveReporters.compactMap(\.path) + [options.coverageJSONPath].compactMap { $0 }).map(PathText.absolute))
        var dependencies: [String: Set<String>] = [:]

        func snapshot() -> FileSnapshot {
            var dirs: [String] = [], files: [String] = []
            for path in options.paths + [options.schemasDir].compactMap({ $0 }) {
                var isDirectory = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory { dirs.append(path) } else { files.append(path) }
            }
            files += [options.mockPath, options.httpMockPath, options.capabilitiesPath].compactMap { $0 }
            let all = files.map(PathText.absolute) + dependencies.values.flatMap { $0 }
            return FileSnapshot.take(directories: dirs, files: all, excluded: excluded)
        }
        func testFiles() -> [String] {
            let found = (try? TestFileFinder.find(options.paths, matching: options.testMatch, root: options.rootDirectory)) ?? []
            return TestFileFinder.select(found, shard: options.shard)
        }
        func record(_ summary: TestRunSummary) {
            for file in summary.files {
                let path = PathText.absolute(file.path)
                let read = Set(file.dependencies ?? [path])
                // A file that did not load (a module it imports broke) read only itself this
                // time: it keeps what it read before too, so the fix to that module is seen.
                let didNotLoad = file.cases.count == 1 && file.cases[0].name.isEmpty && file.cases[0].status == .failed
                dependencies[path] = didNotLoad ? read.union(dependencies[path] ?? []) : read
            }
        }

        var before = snapshot()
        let first = await TestRunner.execute(base, output: output, prefix: prefix)
        // Nothing to watch after a usage error (no test files, a bad option).
        if first.report.exitCode == 2, first.files.isEmpty { return first.report }
        var last = first.report
        record(first)
        before = snapshot()
        while true {
            output.err("\(prefix): watching for changes (Ctrl-C ends)")
            var now = before
            var changed: [String] = []
            while changed.isEmpty {
                if stopSignal.load(ordering: .relaxed) != 0 { return last }
                try? await Task.sleep(for: pollInterval)
                now = snapshot()
                changed = now.changes(since: before)
            }
            // Let an editor finish writing (a save is often several writes).
            try? await Task.sleep(for: .milliseconds(100))
            now = snapshot()
            changed = now.changes(since: before)
            before = now
            let tests = testFiles()
            let current = Set(tests.map(PathText.absolute))
            let chosen = Self.affected(changed: changed, tests: Array(current), dependencies: dependencies)
            for path in changed where !current.contains(path) { dependencies[path] = nil }
            let files = chosen.map { set in tests.filter { set.contains(PathText.absolute($0)) } } ?? tests
            if terminal { output.out("\u{1B}[2J\u{1B}[3J\u{1B}[H") }
            let what = PageInput.displayPath(changed[0]) + (changed.count > 1 ? " and \(changed.count - 1) more" : "")
            guard !files.isEmpty else {
                output.err("\(prefix): \(what) changed: no test file to re-run")
                continue
            }
            output.err("\(prefix): \(what) changed: re-running \(chosen == nil ? "all \(files.count)" : "\(files.count)") test file\(files.count == 1 ? "" : "s")")
            var again = base
            again.paths = files
            again.shard = nil
            let summary = await TestRunner.execute(again, output: output, prefix: prefix)
            // A run a signal cut short says nothing about the code: the previous status stands.
            if stopSignal.load(ordering: .relaxed) != 0 { return last }
            last = summary.report
            record(summary)
        }
    }

    /// The test files (absolute paths) that `changed` files affect; `nil` for all of them.
    ///
    /// - Parameters:
    ///   - changed: absolute paths added, removed or modified.
    ///   - tests: the test files now (absolute).
    ///   - dependencies: test file → the files it read in its last run.
    nonisolated static func affected(changed: [String], tests: [String], dependencies: [String: Set<String>]) -> Set<String>? {
        let current = Set(tests)
        var run: Set<String> = []
        for path in changed {
            if current.contains(path) {
                run.insert(path)
                continue
            }
            // A test file that is gone.
            if dependencies[path] != nil { continue }
            let readers = dependencies.filter { $0.value.contains(path) }.keys.filter(current.contains)
            if readers.isEmpty { return nil }
            run.formUnion(readers)
        }
        return run
    }
}
