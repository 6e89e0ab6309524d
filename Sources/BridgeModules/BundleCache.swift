import Synchronization

/// What esbuild made for one set of inputs, before files are given their display names: the
/// script, the map (sources as absolute paths), and the files it read with their hashes.
struct RawBundle: Sendable {
    var code: String
    var css: String?
    var map: SourceMap
    /// The absolute path (or inline stand-in path) of the entry in `map.sources`.
    var entryPath: String
    var inputs: [(path: String, hash: UInt64)]
}

/// Bundles made in this process, by everything that went into them: a test suite that loads
/// the same module page in every test runs esbuild once. An entry is used again only while
/// every input file still has the contents (hash) it had when the bundle was made.
///
/// - Note: Shared by all threads; the table sits behind a mutex.
final class BundleCache: Sendable {
    /// Everything a bundle depends on besides the input files' contents.
    struct Key: Hashable, Sendable {
        var entry: ModuleEntry
        var directory: String
        var aliases: [String]
        var options: ModuleBundler.Options
        var esbuild: String
    }

    static let shared = BundleCache()
    /// Bundles kept (oldest dropped first).
    static let capacity = 64

    private let table = Mutex<(entries: [Key: RawBundle], order: [Key])>(([:], []))

    /// The bundle for `key`, if one was made and its inputs are unchanged.
    func lookup(_ key: Key) -> RawBundle? {
        guard let found = table.withLock({ $0.entries[key] }) else { return nil }
        for input in found.inputs where ContentHash.ofFile(input.path) != input.hash {
            return nil
        }
        return found
    }

    func store(_ bundle: RawBundle, for key: Key) {
        table.withLock { t in
            if t.entries.updateValue(bundle, forKey: key) == nil { t.order.append(key) }
            while t.order.count > Self.capacity { t.entries[t.order.removeFirst()] = nil }
        }
    }

    /// Forgets every bundle.
    func removeAll() {
        table.withLock { $0 = ([:], []) }
    }
}
