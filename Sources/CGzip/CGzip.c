#include "CGzip.h"

#include <zlib.h>

size_t cgzip_bound(size_t length) {
    // compressBound covers the deflate stream and the 6-byte zlib wrapper; the gzip wrapper is 18 bytes.
    return compressBound(length) + 18;
}

size_t cgzip_compress(const void *input, size_t length, void *output, size_t capacity, int level) {
    z_stream stream = {0};
    // windowBits 15 + 16 asks for a gzip header and trailer instead of zlib's (zlib.h, deflateInit2).
    if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
    size_t written = 0;
    // avail_in/avail_out are 32-bit: feed larger buffers in slices.
    const unsigned char *next_in = input;
    unsigned char *next_out = output;
    size_t left_in = length, left_out = capacity;
    int status = Z_OK;
    while (status == Z_OK) {
        uInt in_slice = left_in > 0x40000000 ? 0x40000000 : (uInt)left_in;
        uInt out_slice = left_out > 0x40000000 ? 0x40000000 : (uInt)left_out;
        stream.next_in = (Bytef *)next_in;
        stream.avail_in = in_slice;
        stream.next_out = next_out;
        stream.avail_out = out_slice;
        status = deflate(&stream, in_slice == left_in ? Z_FINISH : Z_NO_FLUSH);
        size_t consumed = in_slice - stream.avail_in, produced = out_slice - stream.avail_out;
        next_in += consumed;
        left_in -= consumed;
        next_out += produced;
        left_out -= produced;
        written += produced;
        if (status == Z_OK && produced == 0 && consumed == 0) break;  // no room left: bound too small
    }
    deflateEnd(&stream);
    return status == Z_STREAM_END ? written : 0;
}
