import SystemPackage

extension AtomicFiles {
    /// Why a write failed: what was being done, the file it was writing and the system's reason.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `create`, `write`, `fsync`, `rename to` or `fsync directory`: a verb for "cannot … path".
        public let operation: String
        public let path: String
        public let errno: Errno

        public var description: String { "cannot \(operation) \(path): \(errno)" }
    }
}
