/// A precondition of an end-to-end test that does not hold (a missing tool or binary, a server that
/// did not start); the description says what to do about it.
package struct EndToEndFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
