/// Validation rules for videos, shared by every integration.
public enum VideoRules {
    /// The allowed title length in characters, after trimming.
    public static let titleLimit = 1...120

    /// The most UTF-8 bytes a title may hold (4,800): see `TextRules.bytesPerCharacter`.
    public static let titleByteLimit = titleLimit.upperBound * TextRules.bytesPerCharacter

    /// Returns the trimmed title.
    ///
    /// - Throws: `ValidationError` for `"title"` when it is empty or invisible, longer than 120
    ///   characters or 4,800 bytes, or contains a control character (newlines included) or a
    ///   bidirectional control (see `TextRules`).
    public static func validatedTitle(_ title: String) throws(ValidationError) -> String {
        try TextRules.validated(title, field: "title", limit: titleLimit, byteLimit: titleByteLimit)
    }

    /// The longest running time a video may have: a billion seconds (31 years), far beyond any
    /// video; more is garbage from a host or a client.
    public static let durationLimit: Duration = .seconds(1_000_000_000)

    /// The most UTF-8 bytes a playback URL may hold.
    public static let playbackURLByteLimit = 2_048

    /// The most UTF-8 bytes a failure reason may hold. Its text is the host's, kept as it came
    /// (control characters included: whoever shows it escapes them).
    public static let reasonByteLimit = 2_000

    /// Returns `video` with its title trimmed, after checking every field.
    ///
    /// - Throws: `ValidationError` for `"id"` or `"ownerID"` (see `IdentifierRules`), `"title"`,
    ///   `"duration"` (negative or over `durationLimit`), `"createdAt"` (see `DateRules`),
    ///   `"playbackURL"` (no scheme, a `file:` URL, or over 2,048 bytes) or `"reason"` (over
    ///   2,000 bytes).
    public static func validated(_ video: Video) throws(ValidationError) -> Video {
        var video = video
        _ = try IdentifierRules.validated(video.id, field: "id")
        _ = try IdentifierRules.validated(video.ownerID, field: "ownerID")
        video.title = try validatedTitle(video.title)
        if let duration = video.duration, duration < .zero || duration > durationLimit {
            throw ValidationError(field: "duration", reason: "must be from 0 to a billion seconds")
        }
        _ = try DateRules.validated(video.createdAt, field: "createdAt")
        switch video.status {
        case .processing:
            break
        case .ready(let url):
            guard let scheme = url.scheme?.lowercased(), scheme != "file" else {
                throw ValidationError(field: "playbackURL", reason: "must be a URL with a scheme, never a local file")
            }
            guard url.absoluteString.utf8.count <= playbackURLByteLimit else {
                throw ValidationError(field: "playbackURL", reason: "must be at most \(playbackURLByteLimit) bytes")
            }
        case .failed(let reason):
            guard reason.utf8.count <= reasonByteLimit else {
                throw ValidationError(field: "reason", reason: "must be at most \(reasonByteLimit) bytes")
            }
        }
        return video
    }
}

extension VideoRules {
    /// The longest file name a host accepts, in UTF-8 bytes (the common file-system limit).
    public static let fileNameByteLimit = 255

    /// Returns `name` after checking that it is a plain file name a host can store safely.
    ///
    /// A file name names one file: it may not be empty, `.` or `..`, contain `/`, `\`, a control
    /// character (tab, newline, DEL, ...) or a bidirectional control (which can make `gpj.exe` show
    /// as `exe.jpg`), or be longer than 255 UTF-8 bytes. So `../../etc/passwd` is rejected before
    /// any host sees it.
    /// - Throws: `ValidationError` for `"fileName"`.
    public static func validatedFileName(_ name: String) throws(ValidationError) -> String {
        let field = "fileName"
        if name.isEmpty || name == "." || name == ".." {
            throw ValidationError(field: field, reason: "must name a file")
        }
        if name.contains("/") || name.contains("\\") {
            throw ValidationError(field: field, reason: "must not contain a path separator")
        }
        if name.unicodeScalars.contains(where: TextRules.isControl) {
            throw ValidationError(field: field, reason: "must not contain control characters")
        }
        if name.unicodeScalars.contains(where: TextRules.isBidirectionalControl) {
            throw ValidationError(field: field, reason: "must not contain bidirectional controls")
        }
        if name.utf8.count > fileNameByteLimit {
            throw ValidationError(field: field, reason: "must be at most \(fileNameByteLimit) bytes")
        }
        return name
    }
}
