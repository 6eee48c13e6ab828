import CGunzip

/// A gzip body (a document the device asked for with `Accept-Encoding: gzip`) decompressed through zlib.
enum Gunzip {
    static func decompress(_ bytes: [UInt8]) throws(DeviceFailure) -> [UInt8] {
        var capacity = max(4096, bytes.count * 8)
        // Documents compress well (JSON); a too-small buffer is grown and the whole member inflated again.
        while capacity <= 1 << 30 {
            var output = [UInt8](repeating: 0, count: capacity)
            let written = bytes.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { cgunzip(input.baseAddress, input.count, $0.baseAddress, $0.count) }
            }
            if written >= 0 { return Array(output[0..<written]) }
            if written == -2 { throw DeviceFailure("a gzip body that does not inflate (\(bytes.count) bytes)") }
            capacity *= 4
        }
        throw DeviceFailure("a gzip body that inflates past 1 GiB")
    }
}
