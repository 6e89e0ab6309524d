import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file-system error in words (`No such file or directory`), for `cannot write X: reason`
/// lines: FoundationEssentials' errors print as their raw `CocoaError(code: …, userInfo: …)`.
package enum FileErrorText {
    /// The system's reason when the error carries one, else a short description of its code.
    package static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return reason(posix.code.rawValue) }
        guard let cocoa = error as? CocoaError else { return "\(error)" }
        if let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError { return reason(posix.code.rawValue) }
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return reason(ENOENT)
        case .fileWriteNoPermission, .fileReadNoPermission: return reason(EACCES)
        case .fileWriteOutOfSpace: return reason(ENOSPC)
        case .fileWriteVolumeReadOnly: return reason(EROFS)
        case .fileWriteFileExists: return reason(EEXIST)
        case .fileWriteInvalidFileName, .fileReadInvalidFileName: return "invalid file name"
        default: return "file error \(cocoa.code.rawValue)"
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
