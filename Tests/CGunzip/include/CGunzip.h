#ifndef CGUNZIP_H
#define CGUNZIP_H

// gunzip (RFC 1952) through the system's zlib, for the simulated devices of Tests/CDNSimulation, which ask
// for their documents with `Accept-Encoding: gzip` as real clients do. A shim because inflateInit2 is a
// macro Swift cannot import. (Sources/CGzip only compresses: the server never reads gzip.)

#include <stddef.h>

/// Decompresses the gzip member of `length` bytes at `input` into `output` (`capacity` bytes). Returns the
/// number of bytes written; -1 if `capacity` was too small (call again with more), -2 if `input` is not one
/// whole, valid gzip member.
long cgunzip(const void *input, size_t length, void *output, size_t capacity);

#endif
