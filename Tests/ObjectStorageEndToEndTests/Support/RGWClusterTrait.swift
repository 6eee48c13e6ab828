import Testing

/// Starts one RGW cluster around a whole suite and stops it after the suite's last test, failing the
/// suite when a daemon survives the stop.
struct RGWClusterTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let cluster = try await RGWCluster.start()
        print("RGW cluster at \(cluster.endpoint.absoluteString) started in \(cluster.startSeconds) s")
        do {
            try await RGWCluster.$current.withValue(cluster) { try await function() }
        } catch {
            try? await cluster.stop()
            throw error
        }
        let stopping = ContinuousClock.now
        try await cluster.stop()
        print("RGW cluster at \(cluster.endpoint.absoluteString) stopped in \(ContinuousClock.now - stopping)")
    }
}

extension Trait where Self == RGWClusterTrait {
    static var rgwCluster: RGWClusterTrait { RGWClusterTrait() }
}
