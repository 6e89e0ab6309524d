public import BridgeValues
/// One `<action>` of a schema file: its params, result, examples and dispatch attributes.
public struct ActionSchema: Sendable, Equatable {
    /// The method name pages call, e.g. `nav.open`.
    public var name: String
    /// Free text from the `<description>` child (or `description` attribute).
    public var description: String?
    /// How long a call may wait before it settles with `TIMEOUT` (`timeout` attribute, written
    /// in milliseconds).
    public var timeout: Duration?
    /// The permission a page needs to call the action (`permission` attribute).
    public var permission: String?
    /// Calls run one at a time in arrival order (`ordered="true"`).
    public var ordered: Bool
    /// Unknown top-level params are refused (`strict="true"` on the action; default `false`).
    public var strict: Bool
    /// The declared params, in file order.
    public var params: [ParamSchema]
    /// The schema of a successful result (`<result>`), if declared.
    public var result: ParamSchema?
    /// Example params objects (`<example>` elements), each checked against the action at load.
    public var examples: [JSONValue]
    /// 1-based line of each `<example>`, parallel to ``examples``.
    public var exampleLines: [Int] = []
    /// Path of the file that declares the action.
    public var file: String
    /// 1-based line of the `<action>` element.
    public var line: Int

    /// Creates an action schema.
    ///
    /// - Parameters: one per property, see the property docs.
    public init(
        name: String, description: String? = nil, timeout: Duration? = nil, permission: String? = nil,
        ordered: Bool = false, strict: Bool = false, params: [ParamSchema] = [], result: ParamSchema? = nil,
        examples: [JSONValue] = [], file: String = "", line: Int = 0
    ) {
        self.name = name
        self.description = description
        self.timeout = timeout
        self.permission = permission
        self.ordered = ordered
        self.strict = strict
        self.params = params
        self.result = result
        self.examples = examples
        self.file = file
        self.line = line
    }

    /// The params object as one object-typed param (the root the validator checks).
    public var paramsObject: ParamSchema {
        ParamSchema(name: "params", type: .object, strict: strict, children: params, line: line)
    }
}
