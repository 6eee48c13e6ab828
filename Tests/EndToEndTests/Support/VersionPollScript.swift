/// Python: a client that moves between servers, as one behind a balancer without stickiness does. For
/// argv[2] seconds it asks each URL of argv[1] (comma-separated) in turn for `/manifest.json` on a kept-alive
/// connection, and checks that the `version` it is given never goes below one it was given before.
/// Prints `OK requests=N versions=V1,V2,…`, or `FALL …` for the first time it went down, and exits 1 then.
enum VersionPollScript {
    static let script = PythonScripts.path(of: "version_poll.py")
}
