/// An app build as Apple numbers it, `CFBundleVersion`: one to three period-separated non-negative
/// integers. Builds compare part by part with missing parts read as 0 (`1.10` > `1.9`, `2` == `2.0`); the
/// number of parts is kept because a range's bound stands for every build it is a prefix of.
public struct BundleVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The parts as given, one to three.
    public let parts: [UInt64]

    /// Nil unless `text` is one to three runs of ASCII digits (at most 18 each) separated by periods.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var parts: [UInt64] = []
        for piece in pieces {
            guard (1...18).contains(piece.utf8.count), piece.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  let value = UInt64(piece)
            else { return nil }
            parts.append(value)
        }
        self.parts = parts
    }

    /// The three-part point on the build axis (missing parts 0).
    var point: [UInt64] { parts + Array(repeating: 0, count: 3 - parts.count) }

    /// The first point after every build this one is a prefix of: `1.9` → `1.10.0`, `2` → `3.0.0`.
    var pointAfterPrefix: [UInt64] {
        var next = point
        next[parts.count - 1] += 1
        for index in parts.count..<3 { next[index] = 0 }
        return next
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    public static func == (left: BundleVersion, right: BundleVersion) -> Bool { left.point == right.point }
    public func hash(into hasher: inout Hasher) { hasher.combine(point) }
    public static func < (left: BundleVersion, right: BundleVersion) -> Bool {
        left.point.lexicographicallyPrecedes(right.point)
    }
}
