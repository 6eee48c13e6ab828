import COpenSSL
import Glibc
import Synchronization

/// The TLS identity a listener presents: certificate chain and private key from PEM files, the protocol
/// floor, and OpenSSL's session cache. `reload()` reads the files again (on SIGHUP): new handshakes use
/// the new pair, connections already open keep theirs (each OpenSSL session holds a reference to the
/// context it began with), and a pair that does not load or match is refused while the old one stays.
public final class TLSServerContext: Sendable {
    public enum MinimumVersion: String, Sendable {
        case tls12 = "1.2"
        case tls13 = "1.3"
    }

    public let certificatePath: String
    public let privateKeyPath: String
    public let minimumVersion: MinimumVersion
    private let current: Mutex<LoadedContext>

    public init(certificatePath: String, privateKeyPath: String, minimumVersion: MinimumVersion = .tls12) throws(TLSContextError) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
        self.minimumVersion = minimumVersion
        current = Mutex(try LoadedContext(certificatePath: certificatePath, privateKeyPath: privateKeyPath, minimumVersion: minimumVersion))
    }

    /// Loads the files again and swaps the pair in for new handshakes; throws (keeping the old pair) when
    /// they do not load or do not match.
    public func reload() throws(TLSContextError) {
        let fresh = try LoadedContext(certificatePath: certificatePath, privateKeyPath: privateKeyPath, minimumVersion: minimumVersion)
        let old = current.withLock { context in
            defer { context = fresh }
            return context
        }
        _ = old  // freed here, outside the lock; sessions still using it hold their own reference
    }

    /// A TLS transport for an accepted socket, or nil when OpenSSL cannot allocate one.
    package func makeTransport(socket: Int32) -> TLSTransport? {
        current.withLock { TLSTransport(context: $0.context, socket: socket) }
    }

    /// How file bodies will go out over TLS on this machine, for the start-up log: kernel TLS needs
    /// OpenSSL built with it and the kernel's `tls` module loaded (listed in tcp_available_ulp).
    public static var fileBodyPath: String {
        guard ctls_library_supports_ktls() == 1 else {
            return "SSL_write from a \(TLSTransport.fileChunkSize / 1024) KiB buffer, records written together (OpenSSL was built without kernel TLS)"
        }
        if kernelOffersTLS {
            return "kernel TLS with SSL_sendfile where the cipher allows it, else SSL_write"
        }
        return "SSL_write from a \(TLSTransport.fileChunkSize / 1024) KiB buffer, records written together (the kernel offers no TLS module)"
    }

    /// Whether the kernel lists its `tls` module in tcp_available_ulp; read once. Contexts ask OpenSSL
    /// for kernel TLS only then.
    package static let kernelOffersTLS: Bool = {
        let ulps = (try? String(decoding: readFile("/proc/sys/net/ipv4/tcp_available_ulp"), as: UTF8.self)) ?? ""
        return ulps.split(whereSeparator: \.isWhitespace).contains("tls")
    }()

    private static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TLSContextError(message: "cannot read \(path)") }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? Array(bytes[0..<n]) : []
    }
}

/// One loaded OpenSSL context; freed when the last reference goes (OpenSSL counts sessions' own).
private final class LoadedContext: @unchecked Sendable {
    package let context: OpaquePointer

    package init(certificatePath: String, privateKeyPath: String, minimumVersion: TLSServerContext.MinimumVersion) throws(TLSContextError) {
        var error = [CChar](repeating: 0, count: 512)
        let loaded = ctls_context_new(
            certificatePath, privateKeyPath, minimumVersion == .tls13 ? 13 : 12, TLSServerContext.kernelOffersTLS ? 1 : 0,
            &error, error.count)
        guard let loaded else {
            throw TLSContextError(message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        context = loaded
    }

    deinit { ctls_context_free(context) }
}
