import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Errno {
    /// Runs a system call that returns -1 and sets `errno` on failure, again while it fails with EINTR (a
    /// signal arrived: SIGHUP and SIGUSR1 are handled in this process). Other failures throw as `Errno`.
    public static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
        while true {
            let result = call()
            if result != -1 { return result }
            let code = Errno(rawValue: errno)
            if code != .interrupted { throw code }
        }
    }
}
