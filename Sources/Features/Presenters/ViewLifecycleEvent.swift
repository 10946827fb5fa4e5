/// A moment in a view's life that the view forwards to its presenter.
///
/// A UIKit controller sends them from `viewDidLoad`, `viewWillAppear(_:)`, `viewDidAppear(_:)` and
/// `viewDidDisappear(_:)`; a SwiftUI view from `.onAppear` / `.onDisappear`; a terminal app as it
/// shows and leaves a screen.
public enum ViewLifecycleEvent: String, Hashable, Sendable, CaseIterable {
    /// The view exists and can be shown to; sent once.
    case didLoad
    /// The view is about to become visible.
    case willAppear
    /// The view is visible.
    case didAppear
    /// The view is no longer visible: presenters cancel their work and stop calling it.
    case didDisappear
}
