// scripts/remove-service deletes this file with the service it is part of: hosting
import Models

extension Video {
    /// This library video with the status the host reports for it (and the host's duration, once
    /// known), or `nil` when the host reports the status it already has: what a library row adopts
    /// from its host, in `UploadVideo`'s wait and in `LoadVideoLibraryPage`'s reconciling.
    func adoptingHostStatus(of hosted: Video) -> Video? {
        guard hosted.status != status else { return nil }
        var updated = self
        updated.status = hosted.status
        updated.duration = hosted.duration ?? duration
        return updated
    }
}
