import BridgeSupport
#if canImport(Glibc)
import Glibc
#endif

/// The modification times and sizes of a set of files, compared between two polls (`--watch`
/// polls; it needs no inotify).
struct FileSnapshot: Equatable {
    /// What identifies one version of a file.
    struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        /// The file's identity (an editor that saves by renaming gives a new one).
        var device: UInt64
        var inode: UInt64
    }

    /// Absolute path → stamp (files that exist).
    private(set) var stamps: [String: Stamp] = [:]

    /// The files of `directories` (searched recursively, without hidden entries, `node_modules`
    /// and `__snapshots__`) and the `files` that exist, except `excluded` and the files this
    /// process's standard output and error are written to (`> out.txt` in a watched folder
    /// would otherwise re-run the suite after every run).
    static func take(directories: [String], files: [String], excluded: Set<String>) -> FileSnapshot {
        var snapshot = FileSnapshot()
        var own: [(UInt64, UInt64)] = []
        for fd in [Int32(1), 2] {
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { own.append((UInt64(info.st_dev), UInt64(info.st_ino))) }
        }
        func add(_ path: String) {
            guard !excluded.contains(path), let stamp = stamp(path) else { return }
            guard !own.contains(where: { $0.0 == stamp.device && $0.1 == stamp.inode }) else { return }
            snapshot.stamps[path] = stamp
        }
        for dir in directories {
            for relative in DirectoryWalker.files(under: dir, skipHidden: true, skipDirectories: ["node_modules", "__snapshots__"]) {
                add(PathText.absolute(dir + "/" + relative))
            }
        }
        for file in files { add(file) }
        return snapshot
    }

    /// The stamp of a regular file (`nil` when it does not exist or is not one).
    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Stamp(
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size),
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Files added, removed or changed since `earlier`, sorted.
    func changes(since earlier: FileSnapshot) -> [String] {
        var out: [String] = []
        for (path, stamp) in stamps where earlier.stamps[path] != stamp { out.append(path) }
        for path in earlier.stamps.keys where stamps[path] == nil { out.append(path) }
        return out.sorted()
    }
}
