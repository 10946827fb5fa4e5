import Foundation

extension Data {
    /// The bytes of the file at `url`, or `nil` when there is no file there: the one failure a
    /// store takes for "nothing stored yet".
    ///
    /// - Throws: what reading throws for any other cause (a directory, no permission, an I/O
    ///   error), so a file that is there but unreadable is never taken for a missing one.
    public init?(contentsOfFileIfPresent url: URL) throws {
        do {
            try self.init(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        }
    }
}
