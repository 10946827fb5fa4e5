// scripts/remove-service deletes this file with the service it is part of: hosting
import Models

/// What a video-upload screen can show.
///
/// Called by `UploadPresenter` on the main actor only, and never after the view's `didDisappear`
/// until it appears again.
@MainActor
public protocol UploadView: AnyObject {
    /// Shows how much of the file the host has accepted, from 0 to 1; never decreases during one upload.
    func showProgress(fractionCompleted: Double)
    /// Shows that the file is uploaded and the host is processing `video`.
    func showProcessing(_ video: Video)
    /// Shows the playable `video`, and the post published with it when one was requested.
    func showReady(_ video: Video, post: Post?)
    /// Shows an error message a user can read (including a host that failed to process the video).
    func showError(message: String)
}
