import Foundation

/// Validation rules for posts, shared by every integration.
public enum PostRules {
    /// The allowed text length in characters (`Character`s), after trimming.
    public static let textLimit = 1...500

    /// The most UTF-8 bytes a post's text may hold (20,000): see `TextRules.bytesPerCharacter`.
    public static let textByteLimit = textLimit.upperBound * TextRules.bytesPerCharacter

    /// The one control character a post may contain.
    public static let allowedControls: Set<Unicode.Scalar> = ["\n"]

    /// Returns the trimmed post text.
    ///
    /// - Throws: `ValidationError` for `"text"` when the trimmed text is empty or invisible, longer
    ///   than 500 characters or 20,000 bytes, or contains a control character other than a newline
    ///   (tabs, carriage returns and NUL are rejected) or a bidirectional control (see `TextRules`).
    public static func validatedText(_ text: String) throws(ValidationError) -> String {
        try TextRules.validated(
            text, field: "text", limit: textLimit, byteLimit: textByteLimit, allowedControls: allowedControls)
    }
}

extension PostRules {
    /// Returns the id the draft asks for (or `nil`, for the service to make one), its trimmed text
    /// and its video id, checked.
    ///
    /// - Throws: `ValidationError` for `"text"` (see `validatedText(_:)`), or for `"videoID"` or
    ///   `"id"` (see `IdentifierRules`).
    public static func validated(_ draft: PostDraft) throws(ValidationError) -> (
        id: Post.ID?, text: String, videoID: Video.ID?
    ) {
        let text = try validatedText(draft.text)
        let videoID = try draft.videoID.map { id throws(ValidationError) in
            try IdentifierRules.validated(id, field: "videoID")
        }
        let id = try draft.id.map { id throws(ValidationError) in try IdentifierRules.validated(id, field: "id") }
        return (id, text, videoID)
    }
}

extension PostRules {
    /// The post `draft` makes when published at `now`: its own id or a lowercased random UUID, its
    /// trimmed text, its video and `createdAt(of:now:)`; every store publishes this.
    ///
    /// - Throws: `ValidationError` as `validated(_:)` and `createdAt(of:now:)` do.
    public static func post(from draft: PostDraft, now: Date) throws(ValidationError) -> Post {
        let (id, text, videoID) = try validated(draft)
        return Post(
            id: id ?? Post.ID(UUID().uuidString.lowercased()), authorID: draft.authorID, text: text,
            createdAt: try createdAt(of: draft, now: now), videoID: videoID)
    }

    /// The time a post from `draft` is stored with: the draft's `createdAt` when it is before
    /// `now`, else `now`; rounded to the millisecond as every store keeps it (rounding an earlier
    /// time never passes a rounded `now`).
    ///
    /// - Throws: `ValidationError` for `"createdAt"` when the draft's time is before the year 1
    ///   (see `DateRules`).
    private static func createdAt(of draft: PostDraft, now: Date) throws(ValidationError) -> Date {
        let now = now.roundedToMilliseconds
        guard let written = draft.createdAt, written < now else { return now }
        return try DateRules.validated(written, field: "createdAt")
    }
}
