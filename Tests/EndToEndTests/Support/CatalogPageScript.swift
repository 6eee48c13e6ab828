/// A Python program that opens the catalog page (`/`) in headless Chromium through Selenium and checks it
/// against the server's own documents: every pack of the manifest listed with its human size, its SHA-256
/// and a download link whose bytes hash to that SHA-256, every tag, every release of `/releases`, the
/// manifest's version, key id and expiry, and the signature status; and that the page's Content-Security-Policy
/// refused nothing (Chromium logs each refusal to the console).
///
/// Arguments: base URL, expected status (`verified`, or `tampered`: the page is then loaded through a proxy
/// that changes one character of the JWS signature, and must not say verified), screenshot path or `-`, and
/// optionally the page's query naming a view (`?channel=beta&build=1.10`) with that view's path prefix.
/// Prints `OK …` and exits 0, or prints every problem and exits 1.
enum CatalogPageScript {
    static let script = PythonScripts.path(of: "catalog_page.py")
}
