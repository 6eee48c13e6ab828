/// A Python program that fetches one multi-range request with h11 (a strict HTTP/1.1 implementation
/// that checks the response framing itself) and takes the multipart/byteranges body apart with the
/// standard `email` package, comparing every part with the file's bytes at the offsets it claims.
///
/// Arguments: port, path, file path, Range value, expected parts as `first-last,first-last,…`.
/// Prints `OK …` and exits 0, or prints every problem and exits 1.
enum MultipartCheckScript {
    static let script = PythonScripts.path(of: "multipart_check.py")
}
