/// An ordered list of header fields. Names compare case-insensitively (RFC 9110 §5.1); the request
/// parser stores names lowercased, responses keep the spelling they were given.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        @usableFromInline init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order (`fields`). Under an internal name so that the small calls below can be
    /// `@inlinable` while only this type writes the list: the server and the application, in other modules,
    /// build every response's fields with them (scripts/bench-hotpath measured the calls).
    @usableFromInline var storage: [Field]

    public var fields: [Field] { storage }

    @inlinable public init() { storage = [] }

    public init(dictionaryLiteral elements: (String, String)...) {
        storage = elements.map { Field(name: $0.0, value: $0.1) }
    }

    @inlinable
    public mutating func add(_ name: String, _ value: String) {
        storage.append(Field(name: name, value: value))
    }

    /// Appends every field of `other`, in order (a route's constant fields: copying them copies no string).
    @inlinable
    public mutating func append(contentsOf other: HTTPHeaders) {
        storage.append(contentsOf: other.storage)
    }

    /// Replaces every field called `name` with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    public mutating func remove(_ name: String) {
        storage.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The first value of `name`, or nil.
    public subscript(name: String) -> String? {
        storage.first { Self.namesEqual($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        storage.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    /// The value of `name` when exactly one field has that name, else nil (none, or repeated): for fields
    /// that must not be a list. Unlike `values(_:)` it makes no array.
    public func singleValue(_ name: String) -> String? {
        var found: String?
        for field in storage where Self.namesEqual(field.name, name) {
            if found != nil { return nil }
            found = field.value
        }
        return found
    }

    /// Room for `count` fields, so a response's fields are added without growing the storage again.
    @inlinable
    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    /// Every value of `name` joined as one list (RFC 9110 §5.3: repeated list fields are one list).
    public func combinedValue(_ name: String) -> String? {
        // No array: most names asked for (Connection, Expect, If-Match…) are absent or appear once.
        var combined: String?
        for field in storage where Self.namesEqual(field.name, name) {
            combined = combined.map { $0 + ", " + field.value } ?? field.value
        }
        return combined
    }

    public func contains(_ name: String) -> Bool {
        storage.contains { Self.namesEqual($0.name, name) }
    }

    @inlinable public var count: Int { storage.count }

    @inlinable public func makeIterator() -> IndexingIterator<[Field]> { storage.makeIterator() }

    /// ASCII case-insensitive comparison without allocating lowercased copies. Every header lookup runs
    /// this once per field, so it is shaped for the common cases: a different length (no byte looked
    /// at), and the same spelling (request names are stored lowercased and looked up lowercased; one
    /// `==`, which compares small strings by their bits; names are tokens, so ASCII). Only then are bytes
    /// folded one by one.
    static func namesEqual(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        if a == b { return true }
        var other = b.utf8.makeIterator()
        for byte in a.utf8 where lower(byte) != lower(other.next()!) { return false }
        return true
    }

    @inline(__always)
    private static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
}
