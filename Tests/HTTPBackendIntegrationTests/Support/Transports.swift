import HTTPBackendIntegration

/// The transports each test of the transport's promises runs through: the sockets, which
/// `automatic` picks for plain `http` on Linux (so every other test here uses them), and
/// URLSession, which `https` and Apple platforms use.
enum Transports {
    static let all: [HTTPTransportKind] = [.sockets, .urlSession]
}
