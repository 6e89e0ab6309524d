public import BridgeValues
/// One `<param>`, `<items>` or `<result>` element of a schema file, as written.
///
/// This is the readable model (used by the generators and by tests). Validation does not read
/// it: at load every param is compiled into an internal node with its pattern compiled and its
/// bounds resolved, so the hot path never re-reads attributes.
public struct ParamSchema: Sendable, Equatable {
    /// The member name; empty for `<items>` and `<result>`.
    public var name: String
    /// The value type.
    public var type: SchemaType
    /// The member must be present (`required="true"`; default `false`).
    public var required: Bool
    /// `null` is accepted besides `type` (`nullable="true"`; default `false`).
    public var nullable: Bool
    /// Allowed values (`enum="a,b,c"`), typed after `type`; `nil` when not restricted.
    public var `enum`: [JSONValue]?
    /// Smallest number allowed (inclusive).
    public var min: Double?
    /// Largest number allowed (inclusive).
    public var max: Double?
    /// Fewest characters (Unicode code points) a string may have.
    public var minLength: Int?
    /// Most characters (Unicode code points) a string may have.
    public var maxLength: Int?
    /// A regular expression a string must contain a match of (ICU syntax, unanchored search,
    /// like JSON Schema `pattern`; write `^…$` to match the whole string).
    public var pattern: String?
    /// Fewest elements an array may have.
    public var minItems: Int?
    /// Most elements an array may have.
    public var maxItems: Int?
    /// The value a handler should assume when the member is absent (documentation only;
    /// validation never fills it in). Checked against this param at load.
    public var `default`: JSONValue?
    /// Members not declared as child params are refused (`strict="true"`; default `false`).
    public var strict: Bool
    /// The declared members of an object.
    public var children: [ParamSchema]
    /// Free text from a `description` attribute or a `<description>` child.
    public var description: String?
    /// 1-based line of the element in its file.
    public var line: Int

    // Stored as an array so the struct can hold a value of its own type.
    private var itemsStorage: [ParamSchema]

    /// The element schema of an array (`<items>`); `nil` for other types.
    public var items: ParamSchema? {
        get { itemsStorage.first }
        set { itemsStorage = newValue.map { [$0] } ?? [] }
    }

    /// Creates a param schema; everything but the type is optional.
    ///
    /// - Parameters: one per property, see the property docs.
    public init(
        name: String = "", type: SchemaType, required: Bool = false, nullable: Bool = false,
        enum: [JSONValue]? = nil, min: Double? = nil, max: Double? = nil,
        minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
        minItems: Int? = nil, maxItems: Int? = nil, default: JSONValue? = nil, strict: Bool = false,
        children: [ParamSchema] = [], items: ParamSchema? = nil, description: String? = nil, line: Int = 0
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.nullable = nullable
        self.enum = `enum`
        self.min = min
        self.max = max
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.minItems = minItems
        self.maxItems = maxItems
        self.default = `default`
        self.strict = strict
        self.children = children
        self.itemsStorage = items.map { [$0] } ?? []
        self.description = description
        self.line = line
    }
}
