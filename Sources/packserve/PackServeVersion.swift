/// The version `packserve --version` prints. Bumped with each release of PackServe itself.
enum PackServeVersion {
    static let current = "0.3.0"
}
