/// A Python program that opens the catalog page of a catalog that needs credentials in headless Chromium
/// (Selenium): the page must ask for a token, say so when a wrong one is given, then show every pack with the
/// signature verified, and a click on a pack link must download that pack's bytes with the token.
///
/// Arguments: base URL, a live download token, the number of packs, the id of a pack to download and its
/// SHA-256.
/// Prints `OK …` and exits 0, or prints every problem and exits 1.
enum CredentialedCatalogPageScript {
    static let script = PythonScripts.path(of: "credentialed_catalog_page.py")
}
