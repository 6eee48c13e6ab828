/// Where a device's network goes away once during its install: in the pack at `packFraction` of the packs it
/// downloads, inside the piece at `pieceFraction` of that pack's pieces, after `byteFraction` of that piece's
/// bytes. The device then resumes on a new connection with `Range` + `If-Range`. Fractions in 0..<1, so a
/// seeded random generator places them for any catalog.
package struct Interruption: Sendable, Hashable {
    package let packFraction: Double
    package let pieceFraction: Double
    package let byteFraction: Double

    package init(packFraction: Double, pieceFraction: Double, byteFraction: Double) {
        self.packFraction = packFraction
        self.pieceFraction = pieceFraction
        self.byteFraction = byteFraction
    }

    /// The position among `count` downloads that is interrupted.
    package func pack(among count: Int) -> Int { min(count - 1, Int(packFraction * Double(count))) }

    /// The piece among `count` that is cut.
    package func piece(among count: Int) -> Int { min(count - 1, Int(pieceFraction * Double(count))) }

    /// How many of a piece's `length` bytes arrive before the cut (at least one).
    package func bytes(of length: Int) -> Int { max(1, Int(Double(length) * byteFraction)) }
}
