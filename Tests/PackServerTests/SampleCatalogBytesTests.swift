import Crypto
import Testing

@testable import PackServer

/// The README promises that the sample packs' digests are the same on every machine: their bytes come from
/// a fixed SplitMix64 stream, not from the system's random source. The digests below were computed by an
/// independent implementation of SplitMix64 in Python, not by this code.
@Suite struct SampleCatalogBytesTests {
    @Test(arguments: [
        ("level-1", "1239a4f6c4d9b5b069f9d64d98068eb2477749db24866091891012fa3fdaa983"),
        ("level-2", "b37d2b726c33f98bc7522dd7c881e2ebcb7fa596e9b114cf7c3cdfe8cc9c93eb"),
        ("forest-hd", "d8b28728ec0a3905d9c7d6defe035a9b7680fb6dfb84e2cf5b162e4128133d85"),
        ("soundtrack", "a28c2b415caeb85172f856bc1309db86111dd07b7904a2a4149da9d5b0383822"),
    ])
    func aSamplePackHasTheSameBytesEverywhere(id: String, sha256: String) throws {
        let index = try #require(SampleCatalog.samples.firstIndex { $0.id == id })
        let bytes = SampleCatalog.bytes(ofSampleAt: index)
        #expect(bytes.count == SampleCatalog.samples[index].size)
        #expect(SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() == sha256)
    }
}
