import Foundation

/// The operating system's reason for a failed file operation, without Foundation's wrapping
/// ("No space left on device", not "The operation could not be completed").
package enum SystemReason {
    /// The reason `error` carries: its POSIX error's text where it has one.
    package static func of(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code)))
        }
        return nsError.localizedDescription
    }
}
