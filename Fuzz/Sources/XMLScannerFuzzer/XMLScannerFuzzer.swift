import ObjectStorage

// libFuzzer entry point for the object-store client's XML reader (ListObjectsV2, multipart results and
// error documents come from the network).
//
// Built by scripts/fuzz from Fuzz/Package.swift over the ObjectStorage library (its XML reader imports
// nothing).
// Invariants, checked with `precondition`:
// - parsing never crashes and is deterministic;
// - a parsed tree is no deeper than `XMLScanner.maxDepth` and has at most `maxElements` elements;
// - no element name is empty or holds a `:` (prefixes are dropped);
// - a document that parses does not parse once its last byte is cut off, unless what is left still ends
//   with the root's `>` (only misc content, whitespace or a comment, may follow the root).

private func measure(_ element: XMLElement, depth: Int) -> (depth: Int, count: Int) {
    precondition(!element.name.isEmpty && !element.name.contains(":"), "a bad element name: \(element.name)")
    var deepest = depth
    var count = 1
    for child in element.children {
        let (childDepth, childCount) = measure(child, depth: depth + 1)
        deepest = max(deepest, childDepth)
        count += childCount
    }
    return (deepest, count)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let first = try? XMLScanner.parse(input)
    let second = try? XMLScanner.parse(input)
    precondition(first == second, "not deterministic")
    guard let root = first else { return 0 }
    let (depth, count) = measure(root, depth: 1)
    precondition(depth <= XMLScanner.maxDepth, "deeper than the limit")
    precondition(count <= XMLScanner.maxElements, "more elements than the limit")
    var trimmed = input
    while let last = trimmed.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { trimmed.removeLast() }
    if trimmed.last == UInt8(ascii: ">"), !trimmed.isEmpty {
        let cut = Array(trimmed.dropLast())
        // Without its final `>` the root's end tag (or a trailing comment or instruction) is unterminated.
        precondition((try? XMLScanner.parse(cut)) == nil, "a document parsed without its final >")
    }
    return 0
}
