#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include "COpenSSL.h"

// Mozilla's "intermediate" TLS 1.2 suites: forward secrecy and AEAD only. TLS 1.3 uses OpenSSL's defaults.
static const char *tls12_ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};

// RFC 7301 §3.2: pick http/1.1 when offered; a client offering only protocols we lack gets
// no_application_protocol rather than a connection it would misread.
static int select_alpn(SSL *ssl, const unsigned char **out, unsigned char *out_len,
                       const unsigned char *in, unsigned int in_len, void *arg) {
    (void)ssl;
    (void)arg;
    unsigned char *selected = NULL;
    if (SSL_select_next_proto(&selected, out_len, http11, sizeof http11, in, in_len) != OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_ALERT_FATAL;
    }
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

static void describe_error(const char *what, char *error, size_t error_size) {
    unsigned long code = ERR_peek_last_error();
    char reason[256] = "unknown error";
    if (code != 0) ERR_error_string_n(code, reason, sizeof reason);
    snprintf(error, error_size, "%s: %s", what, reason);
    ERR_clear_error();
}

ctls_context *ctls_context_new(const char *chain_path, const char *key_path, int min_version, int kernel_tls,
                               char *error, size_t error_size) {
    ERR_clear_error();
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    if (ctx == NULL) {
        describe_error("cannot create a TLS context", error, error_size);
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, min_version == 13 ? TLS1_3_VERSION : TLS1_2_VERSION);
    SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION);
    SSL_CTX_set_cipher_list(ctx, tls12_ciphers);
    // No renegotiation (a DoS vector, and never needed for HTTP/1.1 downloads); an end of stream
    // without close_notify is an ordinary close for HTTP, whose messages are self-delimiting.
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION | SSL_OP_IGNORE_UNEXPECTED_EOF);
#ifdef SSL_OP_ENABLE_KTLS
    // Only where the kernel has the module: elsewhere OpenSSL's attempt costs every handshake two
    // failing setsockopt(TCP_ULP) calls.
    if (kernel_tls) SSL_CTX_set_options(ctx, SSL_OP_ENABLE_KTLS);
#else
    (void)kernel_tls;
#endif
    // Idle connections give their 2 × 16 KiB record buffers back; writes may complete record by record
    // and be retried from a moved buffer with the same bytes (the connection rebuilds its iovecs).
    SSL_CTX_set_mode(ctx, SSL_MODE_RELEASE_BUFFERS | SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    // Read whatever the socket holds (up to the record buffer) in one read(2), instead of a 5-byte
    // record header and then the record: one syscall per request rather than two, and fewer in the
    // handshake (nginx does the same). Records read ahead wait inside OpenSSL, where epoll cannot see
    // them; that is safe because connections read until SSL_read wants more from the socket.
    SSL_CTX_set_read_ahead(ctx, 1);
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_SERVER);
    SSL_CTX_sess_set_cache_size(ctx, 20000);
    static const unsigned char id_context[] = "packserve";
    SSL_CTX_set_session_id_context(ctx, id_context, sizeof id_context - 1);
    SSL_CTX_set_alpn_select_cb(ctx, select_alpn, NULL);

    if (SSL_CTX_use_certificate_chain_file(ctx, chain_path) != 1) {
        describe_error("cannot load the certificate chain", error, error_size);
        SSL_CTX_free(ctx);
        return NULL;
    }
    if (SSL_CTX_use_PrivateKey_file(ctx, key_path, SSL_FILETYPE_PEM) != 1) {
        describe_error("cannot load the private key", error, error_size);
        SSL_CTX_free(ctx);
        return NULL;
    }
    if (SSL_CTX_check_private_key(ctx) != 1) {
        describe_error("the private key does not match the certificate", error, error_size);
        SSL_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

void ctls_context_free(ctls_context *context) { SSL_CTX_free(context); }

int ctls_library_supports_ktls(void) {
#ifdef OPENSSL_NO_KTLS
    return 0;
#else
    return 1;
#endif
}

ctls_session *ctls_session_new(ctls_context *context, int fd) {
    SSL *ssl = SSL_new(context);
    if (ssl == NULL) return NULL;
    if (SSL_set_fd(ssl, fd) != 1) {
        SSL_free(ssl);
        return NULL;
    }
    SSL_set_accept_state(ssl);
    return ssl;
}

void ctls_session_free(ctls_session *session) { SSL_free(session); }

static int status_of(SSL *ssl, int result) {
    switch (SSL_get_error(ssl, result)) {
    case SSL_ERROR_WANT_READ: return CTLS_WANT_READ;
    case SSL_ERROR_WANT_WRITE: return CTLS_WANT_WRITE;
    case SSL_ERROR_ZERO_RETURN: return CTLS_CLOSED;
    default:
        // The error queue describes a failure nobody will read here; leave it empty for the next call.
        ERR_clear_error();
        return CTLS_ERROR;
    }
}

int ctls_handshake(ctls_session *session) {
    ERR_clear_error();
    int result = SSL_do_handshake(session);
    return result == 1 ? CTLS_OK : status_of(session, result);
}

int ctls_read(ctls_session *session, void *buffer, size_t size, size_t *count) {
    ERR_clear_error();
    return SSL_read_ex(session, buffer, size, count) == 1 ? CTLS_OK : status_of(session, 0);
}

int ctls_write(ctls_session *session, const void *buffer, size_t size, size_t *count) {
    ERR_clear_error();
    return SSL_write_ex(session, buffer, size, count) == 1 ? CTLS_OK : status_of(session, 0);
}

int ctls_ktls_send(ctls_session *session) {
#ifdef OPENSSL_NO_KTLS
    (void)session;
    return 0;
#else
    return BIO_get_ktls_send(SSL_get_wbio(session)) ? 1 : 0;
#endif
}

long ctls_sendfile(ctls_session *session, int file, long long offset, size_t size, int *status) {
#ifdef OPENSSL_NO_KTLS
    (void)session; (void)file; (void)offset; (void)size;
    *status = CTLS_ERROR;
    return -1;
#else
    ERR_clear_error();
    ossl_ssize_t sent = SSL_sendfile(session, file, (off_t)offset, size, 0);
    if (sent >= 0) {
        *status = CTLS_OK;
        return (long)sent;
    }
    *status = status_of(session, (int)sent);
    return -1;
#endif
}

void ctls_shutdown(ctls_session *session) {
    ERR_clear_error();
    // Once: with a quiet peer a second call would wait for its close_notify, which HTTP does not need.
    if (SSL_is_init_finished(session) && !(SSL_get_shutdown(session) & SSL_SENT_SHUTDOWN)) SSL_shutdown(session);
    ERR_clear_error();
}

const char *ctls_protocol(ctls_session *session) { return SSL_get_version(session); }

int ctls_session_reused(ctls_session *session) { return SSL_session_reused(session); }

// ---- Write coalescing ("cork") for file bodies sent with SSL_write ---------------------------------------
//
// OpenSSL writes each TLS record (at most 16 KiB of plaintext) to its write BIO as soon as it is sealed,
// so a socket BIO makes one write(2) per record, and over loopback or a fast link every write(2) also
// wakes the reader. This BIO stands in for the socket BIO on the write side once the handshake is done
// (not with kernel TLS, which needs the socket BIO). Uncorked it behaves like the socket BIO: write(2)
// at once, "retry" on EAGAIN. Corked it collects sealed records in a buffer; ctls_cork_flush writes
// them with one write(2), so a 64 KiB piece of a file leaves as four records in one syscall. Bytes are
// never reordered: a write that does not fit, and every uncorked write, flushes what is collected first.

typedef struct {
    int fd;
    int corked;
    unsigned char *buffer;
    size_t capacity, length, sent;
} cork_state;

// 1: nothing left to write; 0: the socket would block; -1: error (errno set).
static int cork_drain(cork_state *state) {
    while (state->sent < state->length) {
        ssize_t n = write(state->fd, state->buffer + state->sent, state->length - state->sent);
        if (n > 0) {
            state->sent += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return 0;
        } else {
            return -1;
        }
    }
    state->length = state->sent = 0;
    return 1;
}

static int cork_write(BIO *bio, const char *data, size_t size, size_t *written) {
    cork_state *state = BIO_get_data(bio);
    BIO_clear_retry_flags(bio);
    int collecting = state->corked && state->buffer != NULL && state->capacity >= size;
    // What is collected goes first: always when uncorked, and when corked but this record does not fit.
    if (!collecting || state->capacity - state->length < size) {
        int drained = cork_drain(state);
        if (drained == 0) BIO_set_retry_write(bio);
        if (drained <= 0) return 0;
    }
    if (collecting) {
        memcpy(state->buffer + state->length, data, size);
        state->length += size;
        *written = size;
        return 1;
    }
    for (;;) {
        ssize_t n = write(state->fd, data, size);
        if (n >= 0) {
            *written = (size_t)n;
            return 1;
        }
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) BIO_set_retry_write(bio);
        return 0;
    }
}

static long cork_ctrl(BIO *bio, int command, long number, void *pointer) {
    (void)number;
    (void)pointer;
    cork_state *state = BIO_get_data(bio);
    switch (command) {
    case BIO_CTRL_FLUSH: {
        BIO_clear_retry_flags(bio);
        int drained = cork_drain(state);
        if (drained == 0) BIO_set_retry_write(bio);
        return drained;
    }
    case BIO_CTRL_WPENDING:
        return (long)(state->length - state->sent);
    default:
        return 0;
    }
}

static int cork_destroy(BIO *bio) {
    cork_state *state = BIO_get_data(bio);
    if (state != NULL) {
        free(state->buffer);
        free(state);
        BIO_set_data(bio, NULL);
    }
    return 1;
}

static BIO_METHOD *cork_bio_method;

static void make_cork_method(void) {
    BIO_METHOD *method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "packserve cork");
    if (method == NULL) return;
    BIO_meth_set_write_ex(method, cork_write);
    BIO_meth_set_ctrl(method, cork_ctrl);
    BIO_meth_set_destroy(method, cork_destroy);
    cork_bio_method = method;
}

ctls_cork *ctls_cork_install(ctls_session *session, int fd) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_cork_method);
    if (cork_bio_method == NULL) return NULL;
    cork_state *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    BIO *bio = BIO_new(cork_bio_method);
    if (bio == NULL) {
        free(state);
        return NULL;
    }
    state->fd = fd;
    BIO_set_data(bio, state);
    BIO_set_init(bio, 1);
    // The socket BIO served both directions (SSL_set_fd); this drops the write side's reference to it.
    // The session owns the new BIO, and the BIO owns `state`.
    SSL_set0_wbio(session, bio);
    return (ctls_cork *)state;
}

int ctls_cork_begin(ctls_cork *cork, size_t capacity) {
    cork_state *state = (cork_state *)cork;
    if (state->buffer == NULL || state->capacity < capacity) {
        unsigned char *grown = realloc(state->buffer, capacity);
        if (grown == NULL) return 0;
        state->buffer = grown;
        state->capacity = capacity;
    }
    state->corked = 1;
    return 1;
}

int ctls_cork_flush(ctls_cork *cork) {
    cork_state *state = (cork_state *)cork;
    state->corked = 0;
    switch (cork_drain(state)) {
    case 1: return CTLS_OK;
    case 0: return CTLS_WANT_WRITE;
    default: return CTLS_ERROR;
    }
}

void ctls_cork_release(ctls_cork *cork) {
    cork_state *state = (cork_state *)cork;
    if (state->length > state->sent) return;
    free(state->buffer);
    state->buffer = NULL;
    state->capacity = state->length = state->sent = 0;
}
