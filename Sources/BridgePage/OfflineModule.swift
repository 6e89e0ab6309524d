package import BridgeValues

/// One module of an offline resource package (`packages.json` entry plus its `file.json`).
public struct OfflineModule: Sendable, Equatable {
    /// One file of the module's manifest.
    public struct File: Sendable, Equatable {
        /// Path relative to the module's resource directory.
        public var localPath: String
        /// Expected lower-case hex MD5 of the file.
        public var md5: String
    }

    /// The module's name.
    public var moduleName: String
    /// The resource id.
    public var resourceId: String
    /// URL prefix without scheme, e.g. `cres.host/chat_module`.
    public var hitRule: String
    /// `false` when the module must not be used (`usable: 0`).
    public var usable: Bool
    /// The cached version.
    public var version: Int
    /// The module's directory, relative to the package root.
    public var resourcePath: String
    /// URL path after the hit rule (no leading slash) -> file, keyed by Unicode scalars.
    package var files: [ScalarKey: File]
}
