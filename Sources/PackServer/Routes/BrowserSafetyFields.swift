import HTTP1
import HTTPServer

/// The fields that keep what PackServe serves from running on its own origin in a browser (docs/http.md
/// "Browsers"). Constants: a response copies one of these lists, never builds one.
enum BrowserSafetyFields {
    /// Pack and blob bytes (`/packs/{id}`, `/blobs/sha256/{hex}`): anyone with an upload token chooses them
    /// and their content type. `nosniff` keeps a browser from guessing a runnable type from the bytes
    /// (Fetch standard, "X-Content-Type-Options"); a `sandbox` policy makes a document opened from them a
    /// unique opaque origin without script, so even HTML reaches no cookie, storage or API of this origin
    /// (CSP 3 §6.3.2).
    static let pack: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "sandbox",
    ]

    /// `pack` plus `Content-Disposition: attachment` (RFC 6266 §4.2): a browser saves the bytes instead of
    /// rendering them. For the types `MediaTypes.rendersActiveContent` names (HTML, SVG, XML, script…).
    static let packAsAttachment: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "sandbox",
        "Content-Disposition": "attachment",
    ]

    /// The documents of the public directory (the catalog page, docs/http.md "At a glance"): scripts, styles,
    /// images and requests from this origin only; no inline script or style, no plugin, no `<base>`, and
    /// no framing by other sites (CSP 3; `frame-ancestors` as clickjacking defence).
    static let publicDocument: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ]

    /// The other static files (scripts, styles, images, downloads): a policy governs only a document, so
    /// these carry `nosniff` alone — 100 bytes less on every range of a large static file.
    static let publicFile: HTTPHeaders = ["X-Content-Type-Options": "nosniff"]

    /// `publicDocument` for a file a browser renders as a document (HTML, SVG, XML…), else `publicFile`.
    /// A script is active content but no document: the policy of the page that loads it is what counts.
    static func forPublicFile(contentType: String) -> HTTPHeaders {
        MediaTypes.rendersActiveContent(contentType) && !contentType.hasPrefix("text/javascript")
            ? publicDocument : publicFile
    }

    /// `packAsAttachment` for a content type a browser would run or render as a document, else `pack`.
    static func forPack(contentType: String) -> HTTPHeaders {
        MediaTypes.rendersActiveContent(contentType) ? packAsAttachment : pack
    }
}
