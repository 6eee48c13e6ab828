import Foundation
import Hex
import Testing

/// `Hex`: lowercase, two digits a byte, the spelling `String(format: "%02x")` gives (the one the code used
/// before, and the one blob addresses, ETags and AWS signatures use).
@Suite struct HexTests {
    @Test func everyByteIsTwoLowercaseDigits() {
        let bytes = (0...255).map { UInt8($0) }
        #expect(Hex.string(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
    }

    @Test func nothingIsEmpty() {
        #expect(Hex.string([UInt8]()) == "")
    }

    @Test func digitsOfNibbles() {
        #expect((0..<16).map { Hex.digit(UInt8($0)) } == Array("0123456789abcdef".utf8))
    }
}
