/// A Python program that downloads a file over the HTTPS listener the way a phone on a poor link does:
/// a 4 KiB receive buffer, small reads, and a pause every 512 KiB, so the server's socket fills up
/// again and again in the middle of the records it sends together (TLSTransport's "cork"). Then, on the
/// same keep-alive connection, it asks for a 100-byte range: nothing of the first response may be left
/// behind or reordered. Both bodies are compared byte for byte with the file; framing is parsed by h11.
///
/// Arguments: port, CA file, path, file path. Prints `OK …` and exits 0, or prints the problems and exits 1.
enum TLSSlowReaderScript {
    static let script = PythonScripts.path(of: "tls_slow_reader.py")
}
