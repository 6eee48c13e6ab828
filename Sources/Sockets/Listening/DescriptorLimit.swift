import Glibc

/// The process's limit on open descriptors. The usual soft limit (1,024) is far below a server's
/// `maxConnections`; the hard limit is what the operator allows, so the server raises the soft one to it.
public enum DescriptorLimit {
    /// Raises the soft limit to the hard one; returns the limit now in force.
    @discardableResult
    public static func raiseToHardLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }
}
