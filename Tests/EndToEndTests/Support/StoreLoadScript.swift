/// A Python download loop for the release-swap test: `threads` keep-alive connections that GET one path
/// again and again until the file `stop` exists, each body read to its Content-Length and hashed.
///
/// Arguments: port, path, threads, stop file. Prints one JSON object:
/// `{"requests": n, "bodies": {"<sha256>": count}, "problems": ["…"]}` where a problem is any status but
/// 200, a body shorter or longer than its Content-Length, or an ETag that is not the body's SHA-256.
enum StoreLoadScript {
    static let script = PythonScripts.path(of: "store_load.py")
}
