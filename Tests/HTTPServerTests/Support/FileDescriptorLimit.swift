import Glibc

/// The process's open-file limit. Tests that hold a thousand connections open (two descriptors each in
/// one process: client and server side) raise the soft limit to the hard one first.
enum FileDescriptorLimit {
    /// Raises the soft RLIMIT_NOFILE to the hard limit and returns the new soft limit.
    @discardableResult
    static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(resource, &limit)
            getrlimit(resource, &limit)
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }
}
