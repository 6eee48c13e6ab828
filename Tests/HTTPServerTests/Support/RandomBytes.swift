import Glibc

/// Incompressible, unpredictable bytes for file bodies: a server that sent the wrong region, or the
/// right region twice, can't produce the same bytes by accident.
enum RandomBytes {
    static func make(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        precondition(fd >= 0, "cannot open /dev/urandom")
        defer { close(fd) }
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            precondition(n > 0, "cannot read /dev/urandom")
            filled += n
        }
        return bytes
    }
}
