import FoundationEssentials
import BridgeSupport

/// Says in one line why a self-registered component may have registered nothing, the first time
/// a call finds no handler for a namespace no table knows (`greeter.hello` with no `greeter.*`
/// action anywhere): a record in a section with a mistyped name, or a record in a shared library
/// (only the executable's own `bridge_components` section is searched). Once per process; the
/// line goes to standard error and, as a `notice` event, to the engine's observers.
@MainActor
enum ComponentDiagnostics {
    private static var done = false
    static let section = "bridge_components"

    static func noteMissing(_ method: String, engine: BridgeEngine) {
        guard !done, let dot = method.firstIndex(of: ".") else { return }
        let namespace = String(method[..<dot]) + "."
        let known = BridgeRegistry.shared.actionNames + (engine.configuration.scopedRegistry?.actionNames ?? [])
        guard !known.contains(where: { $0.hasPrefix(namespace) }) else { return }
        done = true
        guard let hint = hint() else { return }
        let line = "bridge-runtime: no handler for '\(method)', and \(hint)"
        engine.report(.notice(line))
        FileDescriptorWriter.write(line + "\n", to: 2)
    }

    /// What looks wrong with self-registration in this process, or `nil` when nothing does.
    static func hint() -> String? {
        let exe = ELFSections.names(ofFile: "/proc/self/exe") ?? []
        let near = exe.filter { $0 != section && ($0.contains("component") || ELFSections.distance($0, section) <= 3) }
        if let name = near.first {
            return "the executable has a linker section '\(name)' where self-registration records belong in '\(section)': check the @section name of the component's record"
        }
        for library in loadedLibraries() where ELFSections.names(ofFile: library)?.contains(section) == true {
            return "\(library) has a '\(section)' section, but only the executable's own records are found: link the component into the executable, or register it with BridgeRegistry.shared.register(_:)"
        }
        return nil
    }

    /// Shared objects mapped into the process that are not system libraries.
    private static func loadedLibraries() -> [String] {
        guard let text = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var seen = Set<String>()
        for line in text.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.hasSuffix(".so") || path.contains(".so."), !path.hasPrefix("/usr/lib"), !path.hasPrefix("/lib") { seen.insert(path) }
        }
        return seen.sorted()
    }
}
