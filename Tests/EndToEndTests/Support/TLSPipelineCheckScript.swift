/// A Python program that talks to the HTTPS listener with Python's own `ssl` (verifying the chain
/// against a CA file, ALPN http/1.1), sends four requests pipelined in one write — a single range, a
/// two-part multi-range, a HEAD and a whole GET — and checks every response byte for byte against the
/// file, parsing the framing with h11 and multipart bodies with `email`.
///
/// Arguments: port, CA file, path, file path. Prints `OK …` and exits 0, or prints the problems and exits 1.
enum TLSPipelineCheckScript {
    static let script = PythonScripts.path(of: "tls_pipeline_check.py")
}
