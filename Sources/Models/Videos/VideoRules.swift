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

    /// Returns `video` with a validated title, after checking that its duration is not negative.
    ///
    /// - Throws: `ValidationError` for `"title"` or `"duration"`.
    public static func validated(_ video: Video) throws(ValidationError) -> Video {
        var video = video
        video.title = try validatedTitle(video.title)
        if let duration = video.duration, duration < .zero {
            throw ValidationError(field: "duration", reason: "must not be negative")
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
