/// One `<protocol>` document: a named, versioned group of actions from one file.
public struct ProtocolSchema: Sendable, Equatable {
    /// The `name` attribute, e.g. `app`.
    public var name: String
    /// The `version` attribute, if any.
    public var version: String?
    /// Free text from a `<description>` child of `<protocol>`.
    public var description: String?
    /// Path of the file.
    public var file: String
    /// The actions, in file order.
    public var actions: [ActionSchema]

    /// Creates a protocol schema.
    ///
    /// - Parameters: one per property, see the property docs.
    public init(name: String, version: String? = nil, description: String? = nil, file: String = "", actions: [ActionSchema] = []) {
        self.name = name
        self.version = version
        self.description = description
        self.file = file
        self.actions = actions
    }
}
