/// What a bundle starts from: a module file, or the text of an inline `<script type="module">`.
public enum ModuleEntry: Sendable, Hashable {
    /// A file (`.js`, `.mjs`, `.ts`, `.mts`, `.tsx`, `.jsx`, …; esbuild picks the loader by the
    /// extension). `name` is how errors name it (default: the path as given).
    case file(path: String, name: String? = nil)
    /// Module source text. Its relative imports resolve against `resolveDirectory`; errors name
    /// it `name` (e.g. `index.html (module script #1)`) with lines counted from `line` (the
    /// page line the script text starts on). `loader` is esbuild's loader for the text (`js`,
    /// `ts`, `jsx`, `tsx`).
    case inline(source: String, resolveDirectory: String, name: String, line: Int = 1, loader: String = "js")

    /// How errors name the entry.
    public var name: String {
        switch self {
        case .file(let path, let name): name ?? path
        case .inline(_, _, let name, _, _): name
        }
    }
}
