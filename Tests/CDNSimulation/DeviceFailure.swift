/// Something a device could not do or did not accept: a request that failed, a status or a header it did
/// not expect, bytes whose SHA-256 or size differ from what its document says. The description says which.
package struct DeviceFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
