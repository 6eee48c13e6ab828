import AppleArchive
import FuzzDriver
import JSONText

// The input is a pack's Manifest.json, whole: it goes into an archive (a root directory, the manifest, a
// file) read by the same inspector as `add` and uploads, so the strict JSON reader and the userInfo limits
// see real sizes (the reader's own fuzzer caps Manifest.json at 64 bytes). Invariants: nothing traps; a
// refusal is one line; an accepted manifest's userInfo is within `UserInfoLimits` and its canonical JSON
// reads back as the same value; the standalone userInfo path agrees on what it accepts.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let json = bytes(data, size)
    var archive = entry(type: "D", path: "", data: nil)
    archive += entry(type: "F", path: "Manifest.json", data: json)
    archive += entry(type: "F", path: "a.bin", data: [1, 2, 3])
    var inspector = ArchiveInspector()
    do throws(AppleArchiveError) {
        try inspector.feed(archive)
        let inspection = try inspector.finish()
        guard let manifest = inspection.archive?.manifest else { preconditionFailure("the manifest was not found") }
        if let userInfo = manifest.userInfo {
            let canonical: [UInt8]
            do { canonical = try UserInfoLimits.canonicalJSON(of: userInfo) } catch {
                preconditionFailure("an accepted userInfo breaks the limits: \(error)")
            }
            precondition((try? JSONValue(json: canonical, maxDepth: UserInfoLimits.maxDepth)) == userInfo,
                "canonical JSON does not read back as the same value")
            precondition((try? UserInfoLimits.canonicalJSON(parsing: canonical)) == canonical, "canonical JSON is not stable")
        }
        precondition((try? manifest.document.canonicalJSON()) != nil, "an accepted document cannot be written")
    } catch {
        precondition(!error.description.contains("\n"), "a refusal of more than one line")
        precondition(error.entryLimit == nil, "an entry limit without one set")
    }
    return 0
}

/// One entry (docs/apple-archive.md "Layout"): TYP, PAT and, for a file, DAT with a 4-byte size.
func entry(type: Character, path: String, data: [UInt8]?) -> [UInt8] {
    var fields = Array("TYP1".utf8) + [type.asciiValue!]
    fields += Array("PATP".utf8) + littleEndian(UInt64(path.utf8.count), 2) + Array(path.utf8)
    if let data { fields += Array("DATB".utf8) + littleEndian(UInt64(data.count), 4) }
    return Array("AA01".utf8) + littleEndian(UInt64(6 + fields.count), 2) + fields + (data ?? [])
}

func littleEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

runFuzzer(testOneInput)
