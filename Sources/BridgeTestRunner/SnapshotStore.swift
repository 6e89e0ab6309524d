import FoundationEssentials
import BridgeSupport
import BridgeValues
import ScriptEngine

/// The snapshots of one test file: read from `__snapshots__/<file>.snap` beside it on first
/// use, compared and recorded as the tests run, written back once the file is done.
///
/// Without `--update-snapshots`, a new snapshot is written (unless in CI mode, where it fails the
/// test) and a mismatch fails; with it, mismatches are rewritten and obsolete entries (keys no
/// test checked, except those of tests that were skipped or failed) are removed. A file left
/// empty is deleted.
///
/// - Note: main actor only (called from the harness's native functions).
@MainActor
final class SnapshotStore {
    /// What one comparison found.
    enum Outcome: String {
        /// Equal to the stored snapshot.
        case matched
        /// Different, and not updated.
        case unmatched
        /// New, written.
        case written
        /// Different, rewritten (`-u`).
        case updated
        /// New, but CI mode does not write new snapshots.
        case refused
    }

    /// The snapshot file's path.
    let path: String
    let update: Bool
    let ci: Bool
    private var entries: [String: String]?
    private var loadProblem: String?
    private var checked: Set<String> = []
    private var dirty = false
    private(set) var counts = SnapshotCounts()

    /// - Parameters:
    ///   - testFile: the test file (the snapshot file goes beside it).
    ///   - update: `--update-snapshots`.
    ///   - ci: CI mode (no new snapshots are written).
    init(testFile: String, update: Bool, ci: Bool) {
        let slash = testFile.lastIndex(of: "/")
        let dir = slash.map { String(testFile[...$0]) } ?? ""
        let name = slash.map { String(testFile[testFile.index(after: $0)...]) } ?? testFile
        path = dir + "__snapshots__/" + name + ".snap"
        self.update = update
        self.ci = ci
    }

    /// The stored entries (read on first use; a missing file is empty).
    ///
    /// - Throws: a message naming the file and line when the file cannot be read or parsed.
    private func load() throws(SnapshotProblem) -> [String: String] {
        if let entries { return entries }
        if let loadProblem { throw SnapshotProblem(message: loadProblem) }
        var found: [String: String] = [:]
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path), let text = String(validating: Array(data), as: UTF8.self) else {
                loadProblem = "cannot read the snapshot file \(path) as UTF-8 text"
                throw SnapshotProblem(message: loadProblem!)
            }
            do {
                found = try SnapshotFile.parse(text)
            } catch {
                loadProblem = "\(path):\(error.line): malformed snapshot file: \(error.reason)"
                throw SnapshotProblem(message: loadProblem!)
            }
        }
        entries = found
        return found
    }

    /// A snapshot file that cannot be used.
    struct SnapshotProblem: Error {
        var message: String
    }

    /// Compares `value` with the snapshot `key`.
    ///
    /// - Returns: the outcome and the stored text (when there was one).
    /// - Throws: `SnapshotProblem` when the snapshot file is malformed.
    func check(key: String, value: String) throws(SnapshotProblem) -> (Outcome, stored: String?) {
        let stored = try load()[key]
        checked.insert(key)
        switch stored {
        case let s? where s == value:
            counts.matched += 1
            return (.matched, s)
        case let s?:
            if update {
                entries?[key] = value
                dirty = true
                counts.updated += 1
                return (.updated, s)
            }
            counts.unmatched += 1
            return (.unmatched, s)
        case nil:
            if ci && !update {
                counts.unmatched += 1
                return (.refused, nil)
            }
            entries?[key] = value
            dirty = true
            counts.written += 1
            return (.written, nil)
        }
    }

    /// Marks every snapshot of the tests named `names` as checked (tests that were skipped or
    /// failed: their snapshots are not obsolete).
    func keep(testsNamed names: [String]) {
        guard let all = try? load() else { return }
        for key in all.keys where !checked.contains(key) {
            if names.contains(where: { key.hasPrefix($0 + " ") || key.hasPrefix($0 + ": ") }) { checked.insert(key) }
        }
    }

    /// Counts obsolete entries and writes the file when something changed.
    ///
    /// - Returns: the counts, and a problem message when the file could not be written.
    func finish() -> (SnapshotCounts, problem: String?) {
        guard let all = entries ?? (FileManager.default.fileExists(atPath: path) ? try? load() : nil) else { return (counts, nil) }
        var kept = all
        let obsolete = all.keys.filter { !checked.contains($0) }
        counts.obsolete = obsolete.count
        if update, !obsolete.isEmpty {
            for key in obsolete { kept[key] = nil }
            counts.removed = obsolete.count
            counts.obsolete = 0
            dirty = true
        }
        guard dirty else { return (counts, nil) }
        do {
            if kept.isEmpty {
                try? FileManager.default.removeItem(atPath: path)
            } else {
                let dir = String(path[..<path.lastIndex(of: "/")!])
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try Data(SnapshotFile.format(kept).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        } catch {
            return (counts, "cannot write the snapshot file \(path): \(FileErrorText.describe(error))")
        }
        return (counts, nil)
    }

    /// The native function the snapshot extension calls: `snapshot(key, text)` →
    /// `{outcome, stored?}` or `{problem}`.
    func nativeFunctions() -> [NativeFunctionSpec] {
        [
            NativeFunctionSpec("snapshot", { [unowned self] args in
                guard let key = args.string(0), let value = args.string(1) else { return .json(["problem": "bad arguments"]) }
                do throws(SnapshotProblem) {
                    let (outcome, stored) = try check(key: key, value: value)
                    let o: JSONValue = .string(outcome.rawValue)
                    return .json(stored.map { ["outcome": o, "stored": .string($0), "path": .string(path)] } ?? ["outcome": o, "path": .string(path)])
                } catch {
                    return .json(["problem": .string(error.message)])
                }
            })
        ]
    }
}
