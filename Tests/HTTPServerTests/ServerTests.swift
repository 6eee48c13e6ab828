import Testing

/// The server over real sockets. One parent suite so that every socket test runs alone: they hold many
/// descriptors, measure timeouts, and one test's thousand connections must not slow another's clock.
/// The nested suites live in the `Server*Tests.swift` files.
@Suite(.serialized)
enum ServerTests {}
