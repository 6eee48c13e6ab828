#include "CGunzip.h"

#include <string.h>
#include <zlib.h>

long cgunzip(const void *input, size_t length, void *output, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // 16 + MAX_WBITS: a gzip header and trailer, not a zlib one.
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return -2;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = (Bytef *)output;
    stream.avail_out = (uInt)capacity;
    int result = inflate(&stream, Z_FINISH);
    long written = (long)stream.total_out;
    int whole = stream.avail_in == 0;
    inflateEnd(&stream);
    if (result == Z_STREAM_END) return whole ? written : -2;
    if (result == Z_BUF_ERROR && stream.avail_out == 0) return -1;
    return -2;
}
