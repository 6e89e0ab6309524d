import BridgeSupport

extension JSONValue {
    /// Reads a JSON file (mock fixtures, capability files, route tables).
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - kind: what the file is, for the message (`"capability file"`).
    /// - Throws: `BridgeError` `INVALID_MESSAGE` whose message names the file: `path: cannot read
    ///   <kind>: <why>` (`no such file`, `a directory, not a file`, `larger than 1 GiB`, …) or
    ///   `path: invalid JSON: <reason> (byte N)`.
    public init(contentsOfFile path: String, kind: String) throws(BridgeError) {
        guard let bytes = FileContents.read(path) else { throw .invalidMessage("\(path): cannot read \(kind): \(FileContents.problem(path))") }
        self = try JSONValue(fileBytes: bytes, path: path)
    }

    /// Parses the bytes of a JSON file read by the caller, with the message of
    /// ``init(contentsOfFile:kind:)`` when they are not JSON.
    ///
    /// - Throws: `BridgeError` `INVALID_MESSAGE`: `path: invalid JSON: <reason> (byte N)`.
    package init(fileBytes bytes: [UInt8], path: String) throws(BridgeError) {
        do throws(JSONParser.Failure) {
            self = try JSONParser().parse(bytes: bytes)
        } catch {
            throw .invalidMessage("\(path): invalid JSON: \(error.description) (byte \(error.offset))")
        }
    }
}
