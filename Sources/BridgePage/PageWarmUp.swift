#if canImport(Glibc)
import Glibc
#endif

/// Prepares domino's modules on a thread of its own once a page's DOM is installed (at once for
/// an HTML page, at the first touch of a stand-in for a `.js` one), while the page's thread
/// runs the page prelude: each module read, mended and converted for JavaScriptCore
/// (`DominoLibrary`), once per process. In a fresh process that was 7–8 ms of a jQuery page's
/// ~128 ms on the page's thread; JavaScriptCore cannot parse or run anything ahead on another
/// thread for a VM, so only this text work moves.
///
/// The page's thread takes a module the warm-up has ready and prepares any other itself, never
/// waiting for the warm-up, so neither the order of the two threads nor a warm-up thread the
/// system has not scheduled changes what a page gets or when.
package enum PageWarmUp {
    /// domino's module the page layer loads only at first use (the `deferred` list of
    /// page-window.js), prepared after the rest: the HTML parser, which any markup needs.
    static let late: Set<String> = ["HTMLParser.js"]

    /// domino's modules a page never loads: the CSS parser (declarations are read by the page
    /// layer's own, JS/page-styles.js) is required but deferred, so never loaded.
    static let unused: Set<String> = ["cssparser.js"]

    /// Starts the warm-up (once per process; later calls do nothing). Nothing is started when
    /// no thread can be made: the page's thread then prepares every module as it needs it.
    package static func start() {
        _ = started
    }

    /// The library folder, read on the starting thread (the environment is not read from the
    /// warm-up's: `setenv` elsewhere would race with it).
    private final class Folder: Sendable {
        let path: String
        init(_ path: String) { self.path = path }
    }

    private static let started: Bool = {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let folder = Unmanaged.passRetained(Folder(DominoLibrary.directory))
        let made = pthread_create(&thread, &attributes, { argument in
            guard let argument else { return nil }
            let folder = Unmanaged<Folder>.fromOpaque(argument).takeRetainedValue()
            PageWarmUp.run(directory: folder.path)
            return nil
        }, folder.toOpaque()) == 0
        if !made { folder.release() }
        return made
    }()

    /// Prepares domino's modules (see ``order(directory:)``).
    static func run(directory: String = DominoLibrary.directory) {
        guard DominoLibrary.problem(in: directory) == nil else { return }
        _ = order(directory: directory)
    }

    /// Prepares domino's modules in the order the library requires them (each module's own
    /// requires before the next of its parent's, as evaluating them goes; a module's requires
    /// are read from its text, from `index.js` on), the late ones last, and returns that order.
    static func order(directory: String = DominoLibrary.directory) -> [String] {
        var seen: Set<String> = []
        var ordered: [String] = [], later: [String] = []
        var stack = ["index.js"]
        while let name = stack.popLast() {
            guard seen.insert(name).inserted, !unused.contains(name) else { continue }
            if late.contains(name) {
                later.append(name)
                continue
            }
            guard let requires = DominoLibrary.prepared(name, directory: directory)?.requires else { continue }
            ordered.append(name)
            stack.append(contentsOf: requires.reversed())
        }
        for name in later { _ = DominoLibrary.prepared(name, directory: directory) }
        return ordered + later
    }
}
