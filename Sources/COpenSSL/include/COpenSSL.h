#ifndef COPENSSL_H
#define COPENSSL_H

// The few OpenSSL calls the HTTP core makes for server-side TLS, as plain functions: Swift cannot import
// OpenSSL's function-like macros (SSL_CTX_set_min_proto_version, BIO_get_ktls_send, …), and this keeps
// the error-queue discipline OpenSSL demands in one place.

#include <stddef.h>

typedef struct ssl_ctx_st ctls_context;
typedef struct ssl_st ctls_session;

enum {
    CTLS_OK = 0,
    /// Try again once the socket is readable / writable.
    CTLS_WANT_READ = 1,
    CTLS_WANT_WRITE = 2,
    /// The peer closed the TLS session (close_notify, or a TCP end of stream).
    CTLS_CLOSED = 3,
    /// A protocol or system error: the connection is unusable.
    CTLS_ERROR = 4,
};

/// A server context: TLS 1.2 (or 1.3 when min_version is 13) to 1.3, the certificate chain (leaf first)
/// and private key from PEM files, ALPN http/1.1, a session cache and tickets, buffers released while
/// idle, kernel TLS allowed when `kernel_tls` is non-zero. Returns NULL with a one-line reason in `error`
/// when the files do not load or do not match.
ctls_context *ctls_context_new(const char *chain_path, const char *key_path, int min_version, int kernel_tls,
                               char *error, size_t error_size);
void ctls_context_free(ctls_context *context);

/// Whether this OpenSSL was built with kernel TLS support.
int ctls_library_supports_ktls(void);

/// A server session on the connected, non-blocking socket `fd`; NULL when out of memory.
ctls_session *ctls_session_new(ctls_context *context, int fd);
void ctls_session_free(ctls_session *session);

int ctls_handshake(ctls_session *session);
int ctls_read(ctls_session *session, void *buffer, size_t size, size_t *count);
int ctls_write(ctls_session *session, const void *buffer, size_t size, size_t *count);
/// Whether records are encrypted by the kernel for this session (then ctls_sendfile works).
int ctls_ktls_send(ctls_session *session);
/// SSL_sendfile: kernel-TLS only. Returns the bytes sent, or -1 with the status in *status.
long ctls_sendfile(ctls_session *session, int file, long long offset, size_t size, int *status);
/// Sends close_notify once, without waiting for the peer's.
void ctls_shutdown(ctls_session *session);

/// Write coalescing for SSL_write (not for kernel TLS): replaces the session's write BIO by one that,
/// while corked, collects sealed records in a buffer instead of writing each with its own write(2).
/// Returns NULL when out of memory (the session keeps writing straight to the socket). The state lives
/// as long as the session.
typedef struct ctls_cork ctls_cork;
ctls_cork *ctls_cork_install(ctls_session *session, int fd);
/// Collect records from now on, in a buffer of at least `capacity` bytes (kept until released). 0 when
/// memory runs out: write uncorked then.
int ctls_cork_begin(ctls_cork *cork, size_t capacity);
/// Stop collecting and write what was collected: CTLS_OK when all of it is on the socket, CTLS_WANT_WRITE
/// when some waits for the socket to drain (call again when writable), CTLS_ERROR.
int ctls_cork_flush(ctls_cork *cork);
/// Gives the buffer back once it is empty (a connection going idle); a no-op while bytes wait.
void ctls_cork_release(ctls_cork *cork);

/// "TLSv1.3", "TLSv1.2", …
const char *ctls_protocol(ctls_session *session);
/// 1 when the handshake resumed an earlier session (ticket or cache).
int ctls_session_reused(ctls_session *session);

/// A client context (COpenSSLClient.c): TLS 1.2 to 1.3, the server's certificate verified against the PEM
/// certificates in `ca_file` only, or OpenSSL's default locations when it is NULL. Returns NULL with a
/// one-line reason in `error` when the file does not load.
ctls_context *ctls_client_context_new(const char *ca_file, char *error, size_t error_size);
/// A client session on the connected, blocking socket `fd` that checks the certificate against `host`
/// (a DNS name, also sent as SNI, or an IP address literal). Run the handshake with ctls_handshake.
ctls_session *ctls_client_session_new(ctls_context *context, int fd, const char *host);
enum {
    CTLS_VERIFY_OK = 0,
    CTLS_VERIFY_UNTRUSTED = 1,
    CTLS_VERIFY_EXPIRED = 2,
    CTLS_VERIFY_NAME_MISMATCH = 3,
};
/// After a failed handshake: what was wrong with the certificate (CTLS_VERIFY_OK when the failure was
/// not the certificate's), and OpenSSL's text for it.
int ctls_verify_kind(ctls_session *session);
const char *ctls_verify_text(ctls_session *session);
/// Decrypted bytes waiting inside OpenSSL (which poll(2) on the socket cannot see).
int ctls_pending(ctls_session *session);

#endif
