/// Python (joserfc, a JOSE library this project did not write) verifying `/manifest` with the key from
/// `/.well-known/jwks.json`. Arguments: JWS file, JWKS file, expected payload file. Prints `OK <version>`,
/// or `REFUSED <error>` and exits 1 when the signature does not verify.
enum ManifestCheckScript {
    static let script = PythonScripts.path(of: "manifest_check.py")
}
