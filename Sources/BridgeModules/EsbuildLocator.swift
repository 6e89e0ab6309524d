#if canImport(Glibc)
import Glibc
#endif

/// Finds the `esbuild` executable: an explicit path, else `$BRIDGE_ESBUILD`, else `esbuild`
/// on `PATH` (Debian's package `esbuild` installs `/usr/bin/esbuild`).
enum EsbuildLocator {
    /// The executable's path.
    ///
    /// - Parameters:
    ///   - explicit: a path set by the program (wins).
    ///   - searchPath: the directories to search (`nil` = `$PATH`).
    /// - Throws: `ModuleError` (`.bundlerMissing`) naming the Debian package.
    static func locate(explicit: String?, searchPath: String?) throws(ModuleError) -> String {
        if let explicit {
            guard isExecutable(explicit) else { throw ModuleError(.bundlerMissing, "esbuild not found at \(explicit) (not an executable file)") }
            return explicit
        }
        if let configured = getenv("BRIDGE_ESBUILD").map({ String(cString: $0) }), !configured.isEmpty {
            guard isExecutable(configured) else { throw ModuleError(.bundlerMissing, "BRIDGE_ESBUILD=\(configured) is not an executable file") }
            return configured
        }
        let path = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory.hasSuffix("/") ? "\(directory)esbuild" : "\(directory)/esbuild"
            if isExecutable(candidate) { return candidate }
        }
        throw ModuleError(.bundlerMissing, missingMessage)
    }

    /// The message when esbuild is not installed.
    static let missingMessage = "esbuild not found on PATH: module scripts, .mjs and TypeScript files are bundled by esbuild; install the Debian package esbuild (apt-get install esbuild), or set BRIDGE_ESBUILD to its path"

    private static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
