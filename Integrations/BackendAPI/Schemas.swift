/// The HTTP backend's API as `Docs/openapi.yaml` describes it: one Swift type per schema of its
/// `components`, under the schema's own name (`Schemas.Post` is `#/components/schemas/Post`), with
/// the API's snake_case keys spelled in each type's `CodingKeys`.
///
/// Shared by the two programs that speak the API, so a JSON shape has one name and one
/// definition: the HTTP backend integration (the client) and `silo-backend` (the development
/// server). `APIDescriptionTests` hold both, and these types, to the document. The mappings to and
/// from the app's models are in `Mapping/`; what neither side may accept is a `SchemaViolation`,
/// which the client turns into corrupt data and the server into a 422.
///
/// Dates are `Date`s: both sides code them as ISO 8601 with milliseconds.
public enum Schemas {}
