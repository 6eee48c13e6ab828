/// A Python program that opens uploaded packs in headless Chromium (Selenium) and reports whether their script
/// ran. Each pack's body, when it runs, sets the page title to `ran` and requests `/ran/{id}` from wherever it
/// was loaded, so a run on PackServe's origin also shows in its access log.
///
/// First, as a control, every body is opened from a small local server with its content type and none of
/// PackServe's fields: its script must run there (else the check proves nothing). Then each PackServe path
/// is opened: its script must not run.
///
/// Arguments: PackServe's base URL, then a JSON list of `{"id","type","body","paths":[…]}`.
/// Prints `OK …` and exits 0, or prints every problem and exits 1.
enum ActiveContentScript {
    static let script = PythonScripts.path(of: "active_content.py")
}
