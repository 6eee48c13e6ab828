import Testing

/// The real `packserve` binary driven by real clients. The suites that move hundreds of MiB or measure time
/// (around a signal, a poll, a timeout) sit under this parent so they run one at a time; the others (CLI
/// commands, small servers) are top-level suites and run beside them.
@Suite(.serialized)
enum EndToEnd {}
