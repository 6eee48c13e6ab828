#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include "COpenSSL.h"

// The client half, for the CLI's requests (`push`, `verify`, `healthcheck`) and the object-store client:
// blocking sockets, peer verification always on.

ctls_context *ctls_client_context_new(const char *ca_file, char *error, size_t error_size) {
    ERR_clear_error();
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (ctx == NULL) {
        snprintf(error, error_size, "cannot create a TLS context");
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION | SSL_OP_IGNORE_UNEXPECTED_EOF);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
    // A given CA file is the only trust (as curl's --cacert): a development CA must not be needed beside
    // the system's roots, and a pinned private CA must not be bypassed by them. Without one, OpenSSL's
    // default locations, which honour SSL_CERT_FILE and SSL_CERT_DIR.
    int loaded = ca_file != NULL ? SSL_CTX_load_verify_locations(ctx, ca_file, NULL)
                                 : SSL_CTX_set_default_verify_paths(ctx);
    if (loaded != 1) {
        unsigned long code = ERR_peek_last_error();
        char reason[256] = "unknown error";
        if (code != 0) ERR_error_string_n(code, reason, sizeof reason);
        snprintf(error, error_size, "cannot load CA certificates from %s: %s", ca_file ? ca_file : "the system",
                 reason);
        ERR_clear_error();
        SSL_CTX_free(ctx);
        return NULL;
    }
    static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    SSL_CTX_set_alpn_protos(ctx, http11, sizeof http11);
    return ctx;
}

ctls_session *ctls_client_session_new(ctls_context *context, int fd, const char *host) {
    SSL *ssl = SSL_new(context);
    if (ssl == NULL) return NULL;
    if (SSL_set_fd(ssl, fd) != 1) {
        SSL_free(ssl);
        return NULL;
    }
    unsigned char address[16];
    int is_ip = inet_pton(AF_INET, host, address) == 1 || inet_pton(AF_INET6, host, address) == 1;
    // RFC 6066 §3: SNI carries DNS names only; an address literal is checked against the certificate's
    // IP address entries instead of its DNS names (RFC 6125 §6.2 / RFC 9110 §4.3.4).
    int named = is_ip ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host)
                      : (SSL_set_tlsext_host_name(ssl, host) == 1 && SSL_set1_host(ssl, host) == 1);
    if (named != 1) {
        SSL_free(ssl);
        return NULL;
    }
    SSL_set_connect_state(ssl);
    return ssl;
}

int ctls_verify_kind(ctls_session *session) {
    switch (SSL_get_verify_result(session)) {
    case X509_V_OK: return CTLS_VERIFY_OK;
    case X509_V_ERR_CERT_HAS_EXPIRED:
    case X509_V_ERR_CERT_NOT_YET_VALID: return CTLS_VERIFY_EXPIRED;
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH: return CTLS_VERIFY_NAME_MISMATCH;
    default: return CTLS_VERIFY_UNTRUSTED;
    }
}

const char *ctls_verify_text(ctls_session *session) {
    return X509_verify_cert_error_string(SSL_get_verify_result(session));
}

int ctls_pending(ctls_session *session) { return SSL_pending(session); }
