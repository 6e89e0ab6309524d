import FoundationEssentials

extension JSONValue {
    /// Reads a JSON file (mock fixtures, capability files, route tables).
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - kind: what the file is, for the message (`"capability file"`).
    /// - Throws: `BridgeError` `INVALID_MESSAGE` whose message names the file: `path: cannot read
    ///   <kind>` or `path: invalid JSON: <reason> (byte N)`.
    public init(contentsOfFile path: String, kind: String) throws(BridgeError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .invalidMessage("\(path): cannot read \(kind)") }
        do throws(JSONParser.Failure) {
            self = try JSONParser().parse(bytes: Array(data))
        } catch {
            throw .invalidMessage("\(path): invalid JSON: \(error.description) (byte \(error.offset))")
        }
    }
}
