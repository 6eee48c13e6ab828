/// Makes the shared large download once, however many tests ask for it at the same time.
actor LargeDownloadCache {
    private var making: Task<LargeDownload, any Error>?

    func value() async throws -> LargeDownload {
        if let making { return try await making.value }
        let task = Task { try await LargeDownload.make() }
        making = task
        return try await task.value
    }
}
