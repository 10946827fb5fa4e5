import Foundation

/// Hands chunks from the task that stores them to the task that hashes them, in order, holding at
/// most `capacity` at once: the writer waits when the hasher falls behind, so memory stays near
/// `capacity` chunks whatever the file's size.
actor ChunkChannel {
    private let capacity: Int
    private var chunks: [Data] = []
    private var isFinished = false
    private var waitingSender: CheckedContinuation<Void, Never>?
    private var waitingReceiver: CheckedContinuation<Data?, Never>?

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Queues `chunk`, waiting while `capacity` chunks are queued already.
    func send(_ chunk: Data) async {
        // Checked again after every wait: the receiver may have emptied the queue and started
        // waiting itself before this sender ran again.
        while chunks.count >= capacity {
            await withCheckedContinuation { waitingSender = $0 }
        }
        // A receiver waits only while the queue is empty, so handing it this chunk keeps the order.
        if let receiver = waitingReceiver {
            waitingReceiver = nil
            receiver.resume(returning: chunk)
        } else {
            chunks.append(chunk)
        }
    }

    /// No more chunks: the receiver gets the queued ones, then `nil`.
    func finish() {
        isFinished = true
        waitingReceiver?.resume(returning: nil)
        waitingReceiver = nil
    }

    /// The next chunk in order, or `nil` once the sender finished and every chunk was taken.
    func next() async -> Data? {
        if !chunks.isEmpty {
            let chunk = chunks.removeFirst()
            waitingSender?.resume()
            waitingSender = nil
            return chunk
        }
        if isFinished { return nil }
        return await withCheckedContinuation { waitingReceiver = $0 }
    }
}
