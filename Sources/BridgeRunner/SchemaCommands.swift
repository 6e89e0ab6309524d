import FoundationEssentials
import BridgeSchema
import BridgeSupport
public import BridgeValues

/// The library side of `bridge-run validate`, `lint` and `docs`.
@MainActor
public enum SchemaCommands {
    /// Output formats of `docs`.
    public enum DocsFormat: String, Sendable, CaseIterable {
        /// One Markdown page per protocol.
        case markdown
        /// One `.d.ts` with params/result types and typed `bridge.call` overloads.
        case typescript
        /// One JSON Schema (draft 2020-12) document per action.
        case jsonschema
    }

    /// Loads a schema directory, printing every problem as `file:line: reason`.
    ///
    /// - Returns: the set, or `nil` after printing the problems.
    static func loadSchemas(_ dir: String, output: any RunOutput, prefix: String) -> SchemaSet? {
        do {
            return try SchemaSet.load(directory: dir)
        } catch {
            for p in error.problems { output.err(p.description) }
            output.err("\(prefix): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") in \(dir)")
            return nil
        }
    }

    /// `lint --schemas DIR`: 0 when every schema file is sound, 2 with every problem otherwise.
    public static func lint(schemasDir: String, output: any RunOutput, prefix: String = "bridge-run") -> Int32 {
        guard let set = loadSchemas(schemasDir, output: output, prefix: prefix) else { return 2 }
        output.out("\(schemasDir): \(set.protocols.count) protocol\(set.protocols.count == 1 ? "" : "s"), \(set.actionNames.count) action\(set.actionNames.count == 1 ? "" : "s"), no problems")
        return 0
    }

    /// `validate --schemas DIR FILE...`: 0 when every message is valid, 1 when any is invalid,
    /// 2 for unreadable files or bad schemas.
    public static func validate(schemasDir: String, files: [String], limits: BridgeLimits? = BridgeLimits(), output: any RunOutput, prefix: String = "bridge-run") -> Int32 {
        guard let set = loadSchemas(schemasDir, output: output, prefix: prefix) else { return 2 }
        let checker = PayloadFileChecker(schemas: set, limits: limits)
        var valid = 0
        var invalid = 0
        var unreadable = false
        for file in files {
            let results: [PayloadFileChecker.Result]
            do {
                results = try checker.check(file: file)
            } catch {
                output.err("\(prefix): \(error.description)")
                unreadable = true
                continue
            }
            for r in results {
                if r.isValid {
                    valid += 1
                } else {
                    invalid += 1
                    for line in r.lines { output.out(line) }
                }
            }
        }
        output.out("\(valid + invalid) message\(valid + invalid == 1 ? "" : "s") checked: \(valid) valid, \(invalid) invalid")
        if unreadable { return 2 }
        return invalid > 0 ? 1 : 0
    }

    /// `docs --schemas DIR --format F [--out DIR]`: writes the files (or prints them when no
    /// output directory is given). 0 on success, 2 for bad schemas or an unwritable directory.
    public static func docs(schemasDir: String, format: DocsFormat, outDir: String?, output: any RunOutput, prefix: String = "bridge-run") -> Int32 {
        guard let set = loadSchemas(schemasDir, output: output, prefix: prefix) else { return 2 }
        var files: [(String, String)] = []
        switch format {
        case .markdown:
            for p in set.protocols { files.append(("\(p.name).md", SchemaDocs.markdown(p))) }
        case .typescript:
            files.append(("bridge-protocol.d.ts", SchemaDocs.typeScript(set)))
        case .jsonschema:
            for a in set.actions { files.append((SchemaDocs.jsonSchemaFileName(a), SchemaDocs.jsonSchema(a).prettyString() + "\n")) }
        }
        guard let outDir else {
            for (i, (_, text)) in files.enumerated() {
                if i > 0 { output.out("") }
                output.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
            }
            return 0
        }
        do {
            try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(filePath: PathText.appending(name, to: outDir)), options: .atomic)
            }
        } catch {
            output.err("\(prefix): cannot write to \(outDir): \(FileErrorText.describe(error))")
            return 2
        }
        output.out("wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(outDir)")
        return 0
    }
}
