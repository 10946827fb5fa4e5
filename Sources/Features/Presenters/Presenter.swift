/// Connects one view protocol to use cases, driven by the view's lifecycle events.
///
/// A presenter holds its view weakly, holds no UI state beyond what it needs to answer the next
/// event, and never calls its view after `.didDisappear` until the next `.willAppear` (work in
/// flight is cancelled). Several presenters can serve one view through a `PresenterGroup`.
@MainActor
public protocol Presenter: AnyObject {
    /// Reacts to a lifecycle event of the view.
    func handle(_ event: ViewLifecycleEvent)
}
