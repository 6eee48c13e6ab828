import Testing

/// The real `packserve` binary driven by real clients. One parent suite so these run one at a time:
/// several move hundreds of MiB, and the shutdown test measures what happens around a signal.
@Suite(.serialized)
enum EndToEnd {}
