import FoundationEssentials
import BridgeValues
import BridgeSupport
#if canImport(Glibc)
import Glibc
#endif

/// One esbuild run: the command line, the child process, and reading back what it wrote (the
/// script, the source map, the metafile, the errors) into a `RawBundle` or a `ModuleError`.
struct EsbuildBuild {
    let esbuild: String
    let entry: ModuleEntry
    /// esbuild's working directory (canonical): an inline entry's imports resolve against it.
    let directory: String
    let aliases: [(name: String, path: String)]
    /// Import map entries left out (`ImportMap.usableAliases`): an import one of them would have
    /// mapped is an error even when esbuild found the name another way (through an outer name).
    var refused: [(key: String, problem: ModuleError.Problem)] = []
    let options: ModuleBundler.Options
    /// Display name of an absolute path, given the entry's path.
    let name: (String, String) -> String

    /// The name esbuild gives inline text (`--sourcefile`); it stands for the entry's own name.
    static let inlineName = "<inline module>"
    /// At most this many errors are reported per bundle.
    static let maxProblems = 50

    func run() throws(ModuleError) -> RawBundle {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let shim: ImportMapShim
        do {
            shim = try ImportMapShim(aliases, in: temp.path)
        } catch {
            ImportMapShim.removeAll(in: temp.path)
            throw error
        }
        defer { shim.remove() }
        do {
            var raw = try run(in: temp, aliases: shim.aliases)
            // The one file of a directory of links that is not a link, its package.json, is
            // named as the directory's own (it is read only by an import of `name/package.json`).
            if !shim.realPaths.isEmpty {
                raw.map = raw.map.renamingSources(shim.naming)
                raw.inputs = raw.inputs.map { (shim.naming($0.path), $0.hash) }
            }
            return raw
        } catch {
            // An error that names a link made for the import map names the real directory; one
            // that an import map entry left out explains gets that entry's reason.
            throw namingLeftOutEntries(error.mapping(shim.naming))
        }
    }

    private func run(in temp: TemporaryDirectory, aliases: [(name: String, path: String)]) throws(ModuleError) -> RawBundle {
        var arguments: [String] = []
        let entryPath: String
        var stdin: String?
        switch entry {
        case .file(let path, _):
            entryPath = ModulePaths.canonical(path)
            arguments.append(entryPath)
        case .inline(let source, _, _, _, let loader):
            stdin = try temp.write("entry", source)
            entryPath = directory + "/" + Self.inlineName
            arguments += ["--sourcefile=\(Self.inlineName)", "--loader=\(loader)"]
        }
        arguments += [
            "--bundle", "--format=iife", "--platform=browser", "--target=\(options.target)",
            "--outfile=\(temp.path)/bundle.js", "--sourcemap=external", "--metafile=\(temp.path)/meta.json",
            "--log-level=error", "--color=false", "--log-limit=0",
            // Module code is strict; esbuild's IIFE does not say so itself.
            "--banner:js=\"use strict\";",
        ]
        for (name, value) in options.define.sorted(by: { $0.key < $1.key }) { arguments.append("--define:\(name)=\(value)") }
        for alias in aliases { arguments.append("--alias:\(alias.name)=\(alias.path)") }
        for (ext, loader) in options.loaders.sorted(by: { $0.key < $1.key }) { arguments.append("--loader:\(ext)=\(loader)") }

        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(
                esbuild, arguments, directory: directory, stdin: stdin, stdout: nil,
                stderr: temp.path + "/stderr", timeLimit: options.timeLimit, dataLimit: options.memoryLimit)
        } catch {
            throw ModuleError(.bundlerFailed, "cannot bundle \(entry.name): \(error.reason)")
        }
        if outcome.timedOut {
            throw ModuleError(.timeLimit, "esbuild did not finish bundling \(entry.name) within \(options.timeLimit.components.seconds) s and was stopped")
        }
        let stderr = temp.read("stderr") ?? ""
        if outcome.signaled || outcome.status != 0 {
            if stderr.hasPrefix("fatal error: ") && stderr.contains("out of memory") {
                throw ModuleError(.bundlerFailed, "esbuild ran out of memory bundling \(entry.name) (it may allocate \(options.memoryLimit >> 20) MiB): a file it read is too large, or is not a file (/dev/zero)")
            }
            let entries = EsbuildDiagnostics.parse(stderr)
            guard !entries.isEmpty else {
                let first = stderr.split(separator: "\n").first.map { ": \($0)" } ?? ""
                let how = outcome.signaled ? "was killed by signal \(outcome.status)" : "failed (exit \(outcome.status))"
                throw ModuleError(.bundlerFailed, "esbuild \(how) bundling \(entry.name)\(first)")
            }
            throw ModuleError(.build, limited(entries.map { problem($0, entryPath: entryPath) }))
        }
        let meta = temp.read("meta.json").flatMap { try? JSONParser().parse($0) } ?? .null
        let outside = filesOutsideRoot(meta, entryPath: entryPath)
        if !outside.isEmpty { throw ModuleError(.build, limited(outside)) }
        guard var code = temp.read("bundle.js"), let mapText = temp.read("bundle.js.map"), temp.read("meta.json") != nil else {
            throw ModuleError(.bundlerFailed, "esbuild wrote no bundle for \(entry.name)")
        }
        let map: SourceMap
        do { map = try SourceMap(json: mapText) } catch {
            throw ModuleError(.bundlerFailed, "esbuild's source map for \(entry.name) cannot be read: \(error.reason)")
        }
        let external = externalImports(meta, entryPath: entryPath)
        if !external.isEmpty { throw ModuleError(.build, limited(external)) }
        if let range = code.ranges(of: "//# sourceMappingURL=bundle.js.map").last {
            code.removeSubrange(range.lowerBound...)
        }
        return RawBundle(
            code: code, css: temp.read("bundle.css"), map: map.renamingSources { ModulePaths.resolve($0, against: temp.path) },
            entryPath: entryPath, inputs: inputs(meta, entryPath: entryPath))
    }

    /// An esbuild error at the original position, with our hint. An error inside a file outside
    /// `options.confinedTo` says only that: esbuild's message may quote the file's text.
    private func problem(_ e: EsbuildDiagnostics.Entry, entryPath: String) -> ModuleError.Problem {
        var message = e.message
        if let hint = EsbuildDiagnostics.hint(for: message) { message += " " + hint }
        guard let file = e.file else { return ModuleError.Problem(message: message, file: entry.name) }
        let absolute = ModulePaths.resolve(file, against: directory)
        if absolute != entryPath, let root = options.confinedTo, !PathText.reallyInside(absolute, root: root) {
            return ModuleError.Problem(message: Self.outsideMessage(absolute, root: root), file: entry.name)
        }
        var line = e.line
        if absolute == entryPath, case .inline(_, _, _, let first, _) = entry { line = line.map { $0 + first - 1 } }
        return ModuleError.Problem(message: message, file: name(absolute, entryPath), line: line, column: e.column.map { $0 + 1 })
    }

    /// Imports esbuild left to the network (`http(s):` and `//` URLs), which a run cannot load.
    ///
    /// The metafile marks other imports external too, and those are not errors: an import
    /// TypeScript uses only for types (removed from the bundle), esbuild's own helpers
    /// (`<runtime>`, for static class fields and decorators), and a `require` or `import()`
    /// esbuild could not resolve but left in the code (in a `try`, or with a `.catch`), which
    /// fails when it runs, as it would in a browser, and the page may handle that.
    private func externalImports(_ meta: JSONValue, entryPath: String) -> [ModuleError.Problem] {
        guard case .object(let inputs) = meta["inputs"] ?? .null else { return [] }
        var problems: [ModuleError.Problem] = []
        for (file, input) in inputs.sortedMembers {
            let absolute = ModulePaths.resolve(file, against: directory)
            for item in input["imports"]?.arrayValue ?? [] {
                let message: String
                if item["external"]?.boolValue == true {
                    let specifier = item["path"]?.stringValue ?? "?"
                    guard ImportMap.isWeb(specifier.lowercased()) else { continue }
                    message = "cannot import \"\(specifier)\": URL imports are not bundled and a run has no network; import a local file by its path, or by a bare name the page's import map maps to a local file"
                    problems.append(problem(message, importing: specifier, in: absolute, entryPath: entryPath))
                } else if let specifier = item["original"]?.stringValue, let entry = leftOutEntry(for: specifier) {
                    problems.append(problem(Self.leftOutMessage(specifier, entry.problem), importing: specifier, in: absolute, entryPath: entryPath))
                }
            }
        }
        return problems
    }

    /// The left-out import map entry an import of `specifier` needed: one that maps it (a prefix
    /// key the names below it, another key that name), when no applied entry maps it more closely
    /// (`"pkg/addon"` applied beside a `"pkg/"` left out). Keys that are paths or URLs are not
    /// compared with the raw specifier (`./util.js` in another folder is another file).
    private func leftOutEntry(for specifier: some StringProtocol) -> (key: String, problem: ModuleError.Problem)? {
        refused.first { entry in
            let isPrefix = entry.key.hasSuffix("/")
            let name = isPrefix ? String(entry.key.dropLast()) : entry.key
            guard !ImportMap.isURLOrPath(entry.key), isPrefix ? specifier.hasPrefix(entry.key) : specifier == name else { return false }
            return !aliases.contains { ($0.name == specifier || specifier.hasPrefix($0.name + "/")) && $0.name.count > name.count }
        }
    }

    static func leftOutMessage(_ specifier: some StringProtocol, _ problem: ModuleError.Problem) -> String {
        "Could not resolve \"\(specifier)\" (\(problem); the entry was left out)"
    }

    /// `error` with each of esbuild's `Could not resolve "NAME"` that a left-out entry explains
    /// given that entry's reason instead of the generic hint.
    private func namingLeftOutEntries(_ error: ModuleError) -> ModuleError {
        guard error.kind == .build, !refused.isEmpty else { return error }
        var e = error
        let prefix = "Could not resolve \""
        for i in e.problems.indices where e.problems[i].message.hasPrefix(prefix) {
            let specifier = e.problems[i].message.dropFirst(prefix.count).prefix { $0 != "\"" }
            if let entry = leftOutEntry(for: specifier) { e.problems[i].message = Self.leftOutMessage(specifier, entry.problem) }
        }
        return e
    }

    /// `message` at the place `file` imports `specifier` (its line and column when the quoted
    /// specifier is found in the file's text).
    private func problem(_ message: String, importing specifier: String, in absolute: String, entryPath: String) -> ModuleError.Problem {
        var text: String?
        if absolute == entryPath, case .inline(let source, _, _, _, _) = entry {
            text = source
        } else {
            text = FileManager.default.contents(atPath: absolute).map { String(decoding: $0, as: UTF8.self) }
        }
        var position = text.flatMap { ModulePaths.position(of: specifier, in: $0) }
        if absolute == entryPath, case .inline(_, _, _, let first, _) = entry, let p = position { position = (p.line + first - 1, p.column) }
        return ModuleError.Problem(message: message, file: name(absolute, entryPath), line: position?.line, column: position?.column)
    }

    /// What an import of a file outside `root` gives.
    static func outsideMessage(_ absolute: String, root: String) -> String {
        "cannot import \(absolute): it is outside the offline package (\(ModulePaths.canonical(root))), and a page the package serves may import only the package's files"
    }

    /// The files esbuild read that lie outside `options.confinedTo` (symbolic links resolved),
    /// each at the importing file's line when it can be found.
    private func filesOutsideRoot(_ meta: JSONValue, entryPath: String) -> [ModuleError.Problem] {
        guard let root = options.confinedTo, case .object(let inputs) = meta["inputs"] ?? .null else { return [] }
        var problems: [ModuleError.Problem] = []
        for (file, _) in inputs.sortedMembers {
            let absolute = ModulePaths.resolve(file, against: directory)
            if case .inline = entry, absolute == entryPath { continue }
            if PathText.reallyInside(absolute, root: root) { continue }
            // Name the import that reached it: the first input importing this file.
            var at: (file: String, line: Int?, column: Int?) = (entry.name, nil, nil)
            for (importer, input) in inputs.sortedMembers {
                guard let item = (input["imports"]?.arrayValue ?? []).first(where: { $0["path"]?.stringValue == file }) else { continue }
                let from = ModulePaths.resolve(importer, against: directory)
                guard from == entryPath || PathText.reallyInside(from, root: root) else { continue }
                let specifier = item["original"]?.stringValue ?? file
                var text: String?
                if from == entryPath, case .inline(let source, _, _, _, _) = entry { text = source } else {
                    text = FileManager.default.contents(atPath: from).map { String(decoding: $0, as: UTF8.self) }
                }
                var position = text.flatMap { ModulePaths.position(of: specifier, in: $0) }
                if from == entryPath, case .inline(_, _, _, let first, _) = entry, let p = position { position = (p.line + first - 1, p.column) }
                at = (name(from, entryPath), position?.line, position?.column)
                break
            }
            problems.append(ModuleError.Problem(message: Self.outsideMessage(absolute, root: root), file: at.file, line: at.line, column: at.column))
        }
        return problems
    }

    /// The files esbuild read, with their hashes now.
    private func inputs(_ meta: JSONValue, entryPath: String) -> [(path: String, hash: UInt64)] {
        guard case .object(let inputs) = meta["inputs"] ?? .null else { return [] }
        return inputs.keys.sorted().compactMap { file in
            let absolute = ModulePaths.resolve(file, against: directory)
            if case .inline = entry, absolute == entryPath { return nil }
            return ContentHash.ofFile(absolute).map { (absolute, $0) }
        }
    }

    /// At most `maxProblems`, then one line saying how many more.
    private func limited(_ problems: [ModuleError.Problem]) -> [ModuleError.Problem] {
        var unique: [ModuleError.Problem] = []
        for p in problems where !unique.contains(p) { unique.append(p) }
        guard unique.count > Self.maxProblems else { return unique }
        return Array(unique.prefix(Self.maxProblems)) + [ModuleError.Problem(message: "\(unique.count - Self.maxProblems) more errors bundling \(entry.name)")]
    }
}

/// A private directory for one esbuild run, removed afterwards.
struct TemporaryDirectory {
    let path: String

    init() throws(ModuleError) {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        if base.isEmpty { base = "/tmp" }
        var template = Array((base + "/bridge-modules-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ModuleError(.bundlerFailed, "cannot create a temporary directory in \(base): \(String(cString: strerror(errno)))")
        }
        path = ModulePaths.canonical(String(cString: made))
    }

    /// Writes `text` to `name` in the directory; returns its path.
    func write(_ name: String, _ text: String) throws(ModuleError) -> String {
        let file = path + "/" + name
        guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else {
            throw ModuleError(.bundlerFailed, "cannot write \(file)")
        }
        return file
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Removes the directory and every file in it (esbuild may add some: `bundle.css` for
    /// imported CSS, and its map).
    func remove() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { unlink(path + "/" + name) }
        }
        rmdir(path)
    }
}
