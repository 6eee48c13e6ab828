/// A Python client for the CDN consistency tests: on one keep-alive connection to a cache it loops
/// "download manifest, then `/packs/{id}`, then the download manifest again" until the file `stop` exists.
///
/// Arguments: port, pack id, stop file. Prints one JSON object a line: each round as it ends,
/// `{"start", "end"` (Unix seconds, the clock the test reads with `Date()`), `"first"`, `"pack"`,
/// `"second"}`: the SHA-256 each manifest gives the pack (its `userInfo.sha256`) and the SHA-256 of the
/// bytes `/packs/{id}` returned; then, last, `{"problems": [...]}`. A problem is a status other than 200 or a
/// body that is not its Content-Length long; the loop ends at the twentieth.
enum CDNConsistencyScript {
    static let script = PythonScripts.path(of: "cdn_consistency.py")
}
