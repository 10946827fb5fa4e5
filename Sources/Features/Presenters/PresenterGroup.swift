/// Several presenters serving one view: each event is forwarded to every member in order.
///
/// A screen showing a profile header, a composer and a feed keeps one group and forwards its
/// lifecycle to it; each presenter stays small and ignorant of the others. The group holds its
/// presenters strongly (the view holds the group; presenters hold the view weakly).
@MainActor
public final class PresenterGroup: Presenter {
    /// The members, in the order they receive events.
    public private(set) var presenters: [any Presenter]

    /// Creates a group forwarding to `presenters` in order.
    public init(_ presenters: [any Presenter]) {
        self.presenters = presenters
    }

    /// Adds `presenter` after the current members.
    public func add(_ presenter: any Presenter) {
        presenters.append(presenter)
    }

    /// Forwards `event` to every member, in order.
    public func handle(_ event: ViewLifecycleEvent) {
        for presenter in presenters {
            presenter.handle(event)
        }
    }
}
