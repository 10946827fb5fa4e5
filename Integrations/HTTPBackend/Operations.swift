/// The API's operations, one endpoint each, named as `Docs/openapi.yaml`'s operationIds:
/// `Operations.PublishPost` sends `publishPost`.
///
/// A namespace, so an operation never reads like the app's use case of the same name
/// (`Features.PublishPost` publishes through whichever integration serves posts;
/// `Operations.PublishPost` is one request to this API). One file per operation in `Endpoints/`,
/// each an `extension Operations`; `APIDescriptionTests` finds each by its operationId.
enum Operations {}
