/// Why an offline resource could not be served, or a package could not be read.
public struct OfflineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL that was requested (or the manifest file for load problems).
    public var url: String
    /// The local file involved, when there is one.
    public var localFile: String?
    /// What is wrong (`md5 mismatch: expected …, got …`, `no package covers this URL`, …).
    public var reason: String

    /// Creates an error.
    public init(url: String, localFile: String? = nil, reason: String) {
        self.url = url
        self.localFile = localFile
        self.reason = reason
    }

    /// `URL (local file): reason`.
    public var description: String {
        if let localFile { return "\(url) (\(localFile)): \(reason)" }
        return "\(url): \(reason)"
    }
}
