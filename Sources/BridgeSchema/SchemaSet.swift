import FoundationEssentials
public import BridgeValues
import BridgeSupport

/// A loaded, checked and compiled set of XML protocol schemas (docs/schema-language.md).
///
/// Load it once (``load(directory:)``), then share it: it is immutable and `Sendable`. Every
/// action's params are compiled at load (patterns included), so ``validate(method:params:)`` is
/// a hash lookup plus a walk that allocates nothing when the params are valid.
///
/// - Note: Thread-safe; use from any thread.
public final class SchemaSet: Sendable {
    /// The protocols, one per file, in load order (files sorted by path).
    public let protocols: [ProtocolSchema]
    /// Every action name, sorted.
    public let actionNames: [String]
    /// The compiled actions by name, for the lookups every checked call makes.
    private let compiled: CompiledActionTable

    private init(protocols: [ProtocolSchema], compiled: [ScalarKey: CompiledAction]) {
        self.protocols = protocols
        self.compiled = CompiledActionTable(compiled)
        self.actionNames = compiled.keys.sorted().map(\.string)
    }

    /// A set with no actions: every method has no schema.
    public static let empty = SchemaSet(protocols: [], compiled: [:])

    /// Builds a set from protocols made in code, checking them as the loader checks files
    /// (regexes, defaults, examples, duplicate actions, params declared twice in one owner).
    ///
    /// - Parameter protocols: the protocols.
    /// - Throws: ``SchemaLoadError`` listing every problem.
    public convenience init(protocols: [ProtocolSchema]) throws(SchemaLoadError) {
        var problems = Self.repeatedParams(protocols)
        let compiled = Self.compile(protocols, problems: &problems)
        if !problems.isEmpty { throw SchemaLoadError(problems: problems) }
        self.init(protocols: protocols, compiled: compiled)
    }

    /// Loads every `*.xml` file under `directory`, recursively, in sorted path order.
    ///
    /// - Parameter directory: the schema folder.
    /// - Returns: the compiled set.
    /// - Throws: ``SchemaLoadError`` with every problem in every file (not only the first), each
    ///   as `file:line: reason`; also when the folder cannot be read or holds no schema file.
    public static func load(directory: String) throws(SchemaLoadError) -> SchemaSet {
        guard DirectoryWalker.isDirectory(directory) else {
            throw SchemaLoadError(problems: [SchemaProblem(file: directory, line: 0, reason: "not a readable directory")])
        }
        // A folder named *.xml is listed too, so that it is reported ("cannot read"), not skipped.
        let files = DirectoryWalker.files(under: directory, skipHidden: false, listDirectory: { $0.hasSuffix(".xml") }).filter { $0.hasSuffix(".xml") }
        guard !files.isEmpty else {
            throw SchemaLoadError(problems: [SchemaProblem(file: directory, line: 0, reason: "no *.xml schema files found")])
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return try load(files: files.sorted().map { "\(base)/\($0)" })
    }

    /// Loads the given schema files, in the given order.
    ///
    /// - Parameter files: paths of XML schema files.
    /// - Returns: the compiled set.
    /// - Throws: ``SchemaLoadError`` with every problem in every file.
    public static func load(files: [String]) throws(SchemaLoadError) -> SchemaSet {
        var sources: [(file: String, data: Data?)] = []
        for file in files {
            sources.append((file, FileManager.default.contents(atPath: file)))
        }
        return try build(sources)
    }

    /// Parses one schema document held in memory (handy in tests).
    ///
    /// - Parameters:
    ///   - xml: the document text.
    ///   - file: the name used in problems.
    /// - Returns: the compiled set.
    /// - Throws: ``SchemaLoadError`` with every problem.
    public static func parse(xml: String, file: String) throws(SchemaLoadError) -> SchemaSet {
        try build([(file, Data(xml.utf8))])
    }

    private static func build(_ sources: [(file: String, data: Data?)]) throws(SchemaLoadError) -> SchemaSet {
        var problems: [SchemaProblem] = []
        var protocols: [ProtocolSchema] = []
        for (file, data) in sources {
            guard let data else {
                problems.append(SchemaProblem(file: file, line: 0, reason: "cannot read file"))
                continue
            }
            do {
                let root = try SchemaXMLReader.read(data, file: file)
                var builder = SchemaBuilder(file: file)
                let proto = builder.build(root)
                problems += builder.problems
                protocols.append(proto)
            } catch {
                problems.append(error)
            }
        }
        let compiled = compile(protocols, problems: &problems)
        if !problems.isEmpty {
            let order = Dictionary(sources.enumerated().map { ($0.element.file, $0.offset) }, uniquingKeysWith: { a, _ in a })
            let sorted = problems.enumerated().sorted { a, b in
                let fa = order[a.element.file] ?? 0
                let fb = order[b.element.file] ?? 0
                if fa != fb { return fa < fb }
                if a.element.line != b.element.line { return a.element.line < b.element.line }
                return a.offset < b.offset
            }
            throw SchemaLoadError(problems: sorted.map(\.element))
        }
        return SchemaSet(protocols: protocols, compiled: compiled)
    }

    /// Params declared twice in one action or object, by scalars (the XML loader reports them as
    /// it reads, in the same words; the validator's two passes assume names are unique).
    private static func repeatedParams(_ protocols: [ProtocolSchema]) -> [SchemaProblem] {
        var problems: [SchemaProblem] = []
        func check(_ list: [ParamSchema], owner: String, file: String) {
            var seen: [ScalarKey: Int] = [:]
            for p in list where !p.name.isEmpty {
                if let first = seen[ScalarKey(p.name)] {
                    problems.append(SchemaProblem(file: file, line: p.line, reason: SchemaBuilder.duplicateParam(p.name, in: owner, firstLine: first)))
                } else {
                    seen[ScalarKey(p.name)] = p.line
                }
            }
            for p in list { walk(p, label: "param '\(p.name)'", file: file) }
        }
        func walk(_ p: ParamSchema, label: String, file: String) {
            check(p.children, owner: label, file: file)
            if let items = p.items { walk(items, label: "<items>", file: file) }
        }
        for proto in protocols {
            for action in proto.actions {
                check(action.params, owner: "action '\(action.name)'", file: action.file)
                if let result = action.result { walk(result, label: "<result>", file: action.file) }
            }
        }
        return problems
    }

    /// Compiles every action; duplicate names (in one file or across files) are problems that
    /// name both places.
    private static func compile(_ protocols: [ProtocolSchema], problems: inout [SchemaProblem]) -> [ScalarKey: CompiledAction] {
        var compiled: [ScalarKey: CompiledAction] = [:]
        for proto in protocols {
            for action in proto.actions where !action.name.isEmpty {
                if let first = compiled[ScalarKey(action.name)] {
                    problems.append(
                        SchemaProblem(
                            file: action.file, line: action.line,
                            reason: "duplicate action '\(action.name)' (first declared at \(first.schema.file):\(first.schema.line))"))
                    continue
                }
                compiled[ScalarKey(action.name)] = CompiledAction(action, problems: &problems)
            }
        }
        return compiled
    }

    /// The schema of action `name`, if there is one (a hash lookup).
    public func action(_ name: String) -> ActionSchema? {
        compiled.action(name)?.schema
    }

    /// Checks the params of a call to `method`.
    ///
    /// - Parameters:
    ///   - method: the called action.
    ///   - params: the message's params; `.null` (left out) is checked as `{}`.
    /// - Returns: `nil` when no schema describes `method`; otherwise every violation, `[]` when
    ///   the params are valid (no allocation on that path).
    public func validate(method: String, params: JSONValue) -> [Violation]? {
        compiled.action(method)?.validate(params: params)
    }

    /// Answers only yes or no for a call's params, never allocating.
    ///
    /// - Parameters:
    ///   - method: the called action.
    ///   - params: the message's params; `.null` (left out) is checked as `{}`.
    /// - Returns: `nil` when no schema describes `method`, else whether the params are valid.
    public func isValid(method: String, params: JSONValue) -> Bool? {
        compiled.action(method)?.accepts(params: params)
    }

    /// Checks a handler's result against the action's `<result>`.
    ///
    /// - Parameters:
    ///   - method: the called action.
    ///   - result: what the handler answered.
    /// - Returns: `nil` when no schema describes `method`; `[]` when the result is valid or the
    ///   action declares no `<result>`; otherwise every violation (paths start at `result`).
    public func validateResult(method: String, result: JSONValue) -> [Violation]? {
        compiled.action(method)?.validate(result: result)
    }

    /// The `VALIDATION_FAILED` error for a call, or `nil` when the params are valid or no schema
    /// describes `method`. Its details are the violation list in wire form.
    ///
    /// - Parameters:
    ///   - method: the called action.
    ///   - params: the message's params.
    public func validationError(method: String, params: JSONValue) -> BridgeError? {
        guard let violations = validate(method: method, params: params), let first = violations.first else { return nil }
        let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
        return .validationFailed(method: method, details: .array(violations.map(\.jsonValue)), summary: "\(first)\(more)")
    }

    /// Every action of every protocol, in load order.
    public var actions: [ActionSchema] { protocols.flatMap(\.actions) }
}
