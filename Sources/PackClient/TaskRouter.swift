import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The session's delegate: finds the handler of each task by its identifier.
final class TaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = Mutex<[Int: TaskHandler]>([:])

    func register(_ handler: TaskHandler, for task: Int) {
        handlers.withLock { $0[task] = handler }
    }

    private func handler(_ task: URLSessionTask) -> TaskHandler? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(handler(dataTask)?.received(response) ?? .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if handler(dataTask)?.received(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }?.completed(error)
    }
}
