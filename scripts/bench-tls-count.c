// LD_PRELOAD library for scripts/bench: counts the TLS handshakes wrk completes and how many of them
// resumed a session, and prints one line when wrk exits:
//
//     BENCH-TLS handshakes=<completed SSL_connect calls> resumed=<of those, SSL_session_reused>
//
// Why: wrk keeps one SSL object per connection slot and, on reconnecting, calls SSL_shutdown and
// SSL_clear, which keep the last session, so with `Connection: close` its next SSL_connect offers that
// session for resumption. Whether a server accepts it decides what "new connections per second" measures
// (full handshakes or resumptions), so the bench records it for each server instead of assuming.
// The cost is one relaxed atomic increment per handshake. Built by scripts/bench with `cc -shared`.
//
// With BENCH_TLS_FULL_HANDSHAKES=1 in the environment it also drops the kept session before each new
// handshake, so every connection is a full handshake (certificate, signature, key exchange): the
// expensive case, which a client that does not keep sessions (most first visits) causes.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ssl_st SSL;  // opaque; no OpenSSL headers needed

static int (*real_connect)(SSL *);
static int (*session_reused)(const SSL *);
static int (*in_before)(const SSL *);
static int (*set_session)(SSL *, void *);
static int full_handshakes;
static long completed;
static long resumed;

// Resolved once before wrk's main() starts its threads (libssl is already loaded as wrk's dependency).
__attribute__((constructor)) static void resolve(void) {
    real_connect = (int (*)(SSL *))dlsym(RTLD_NEXT, "SSL_connect");
    session_reused = (int (*)(const SSL *))dlsym(RTLD_NEXT, "SSL_session_reused");
    in_before = (int (*)(const SSL *))dlsym(RTLD_NEXT, "SSL_in_before");
    set_session = (int (*)(SSL *, void *))dlsym(RTLD_NEXT, "SSL_set_session");
    const char *full = getenv("BENCH_TLS_FULL_HANDSHAKES");
    full_handshakes = full != NULL && strcmp(full, "1") == 0 && in_before != NULL && set_session != NULL;
}

int SSL_connect(SSL *ssl) {
    // wrk calls SSL_connect again after every "want read/write"; only the first call of a handshake
    // finds the object still "before" the handshake, which is where the session may be swapped.
    if (full_handshakes && in_before(ssl)) set_session(ssl, NULL);
    int result = real_connect(ssl);  // non-blocking: 1 only when the handshake has completed
    if (result == 1) {
        __atomic_add_fetch(&completed, 1, __ATOMIC_RELAXED);
        if (session_reused != NULL && session_reused(ssl)) __atomic_add_fetch(&resumed, 1, __ATOMIC_RELAXED);
    }
    return result;
}

__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "BENCH-TLS handshakes=%ld resumed=%ld\n", __atomic_load_n(&completed, __ATOMIC_RELAXED),
            __atomic_load_n(&resumed, __ATOMIC_RELAXED));
}
