import BackendAPI
import Services

extension ServiceError {
    /// The value `map` makes from the backend's answer; an answer that breaks the API's rules is
    /// corrupt data from the backend, naming what it described and the field at fault.
    static func mapping<Value>(_ map: () throws(SchemaViolation) -> Value) throws(ServiceError) -> Value {
        do {
            return try map()
        } catch {
            throw .corruptData(location: "\(error.subject) from the backend", reason: error.message)
        }
    }
}
