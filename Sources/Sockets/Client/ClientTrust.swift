import COpenSSL

/// The certificates a client trusts for TLS: the PEM file given (a development CA, a private CA of an
/// object store) and nothing else, or the system's store (which honours SSL_CERT_FILE / SSL_CERT_DIR).
package final class ClientTrust: @unchecked Sendable {
    // An SSL_CTX is safe to share between threads once configured; it is never changed after init.
    let context: OpaquePointer

    /// Throws `.trustFile` with OpenSSL's reason when the file (or the system's store) does not load.
    package init(caFile: String? = nil) throws(ClientSocketError) {
        var error = [CChar](repeating: 0, count: 512)
        guard let context = ctls_client_context_new(caFile, &error, error.count) else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ClientSocketError(.trustFile, reason)
        }
        self.context = context
    }

    deinit {
        ctls_context_free(context)
    }
}
