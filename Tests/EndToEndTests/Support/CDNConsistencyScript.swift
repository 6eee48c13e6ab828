/// A Python client for the CDN consistency tests: on one keep-alive connection to a cache it loops
/// "download manifest, then the pack, then the download manifest again" until the file `stop` exists.
///
/// Arguments: port, pack id, stop file, and how the pack is fetched (`Fetch`). Prints one JSON object a
/// line: each round as it ends, `{"start", "end"` (Unix seconds, the clock the test reads with `Date()`),
/// `"first"`, `"pack"`, `"second"}`: the SHA-256 each manifest gives the pack (its `userInfo.sha256`) and the
/// SHA-256 of the bytes the pack's URL returned; then, last, `{"problems": [...]}`. A problem is a status
/// other than 200 or a body that is not its Content-Length long; the loop ends at the twentieth.
enum CDNConsistencyScript {
    static let script = PythonScripts.path(of: "cdn_consistency.py")

    enum Fetch: String {
        /// By the path of the URL the round's first manifest names, as a device does (`/blobs/sha256/…`
        /// with the default `manifest.packURLs`).
        case named
        /// Always by `/packs/{id}`, whose bytes change when a release goes live.
        case byID = "by-id"
    }
}
