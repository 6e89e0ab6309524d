import FoundationEssentials

/// FNV-1a (64 bit) of a file's bytes: whether an input of a cached bundle changed since.
enum ContentHash {
    static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// The hash of a file's contents, or `nil` when it cannot be read.
    static func ofFile(_ path: String) -> UInt64? {
        FileManager.default.contents(atPath: path).map { of($0) }
    }
}
