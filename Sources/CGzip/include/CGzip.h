#ifndef CGZIP_H
#define CGZIP_H

// gzip (RFC 1952) through the system's zlib (zlib1g-dev). A shim because deflateInit2 is a macro Swift
// cannot import, and because one call that compresses a whole buffer is all the server needs.

#include <stddef.h>

/// The most bytes `cgzip_compress` can produce for `length` input bytes.
size_t cgzip_bound(size_t length);

/// Compresses `length` bytes at `input` into one gzip member at `output` (`capacity` bytes, at least
/// `cgzip_bound(length)`), at `level` 1…9. Returns the number of bytes written, or 0 on failure.
size_t cgzip_compress(const void *input, size_t length, void *output, size_t capacity, int level);

#endif
