/// A body that has the schema's shape but breaks one of the API's rules: an unknown video state, a
/// playback URL that is not absolute, a handle the app would refuse.
///
/// Each side maps it into its own vocabulary: the client says the backend sent corrupt data about
/// `subject`, the server answers 422 naming `field`.
public struct SchemaViolation: Error, Sendable, Equatable {
    /// What the body describes (`video v1`, `user u1`).
    public var subject: String
    /// The field at fault, in the API's names (`status.playback_url`).
    public var field: String
    /// What is wrong with it, worded to follow the field's name (`is not an absolute URL`).
    public var reason: String

    /// Creates a violation of `field` in the body describing `subject`.
    public init(subject: String, field: String, reason: String) {
        self.subject = subject
        self.field = field
        self.reason = reason
    }

    /// `"<field> <reason>"`: `status.playback_url is not an absolute URL`.
    public var message: String { "\(field) \(reason)" }
}
