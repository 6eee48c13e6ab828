/// How a file is cut into parts: `partSize` bytes each but the last, numbered from 1 (S3 part numbers are
/// 1…10,000). The part size grows when 10,000 parts would not hold the file.
public enum MultipartPlan {
    public static let maxParts: Int64 = 10_000

    public struct Part: Sendable, Equatable {
        public var number: Int
        public var offset: Int64
        public var length: Int64
    }

    public static func parts(size: Int64, partSize: Int64) -> [Part] {
        let minimum = (size + maxParts - 1) / maxParts
        let partSize = max(partSize, minimum, 1)
        var parts: [Part] = []
        var offset: Int64 = 0
        while offset < size {
            let length = min(partSize, size - offset)
            parts.append(Part(number: parts.count + 1, offset: offset, length: length))
            offset += length
        }
        return parts
    }
}
