import Services

/// One service a new integration provides, with what its scaffold needs to write.
struct ScaffoldedService {
    /// The service's declaration in `ServiceKind.declarations`.
    let declaration: ServiceDeclaration
    /// Its protocol's requirements, in declaration order.
    let requirements: [ServiceInterface.Requirement]

    /// The key, e.g. `posts`.
    var key: String { declaration.kind.rawValue }
    /// The protocol, e.g. `PostService`.
    var protocolName: String { declaration.protocolName }
    /// The contract's subject type, e.g. `PostServiceSubject`.
    var subject: String { Self.subject(of: protocolName) }
    /// The integration's property for it, named like its protocol: `postService`.
    var propertyName: String { Self.propertyName(of: protocolName) }

    /// The contract's subject type for `protocolName`: `PostServiceSubject`.
    static func subject(of protocolName: String) -> String { "\(protocolName)Subject" }
    /// An integration's property for `protocolName`, named like it: `postService`.
    static func propertyName(of protocolName: String) -> String {
        protocolName.prefix(1).lowercased() + protocolName.dropFirst()
    }

    /// The services to scaffold for `keys`, with those they must be served with (users with posts,
    /// sign-in with users), in declaration order; `note` hears each one added.
    ///
    /// - Throws: a usage failure naming the unknown keys and the declared ones.
    static func chosen(_ keys: [String], note: (String) -> Void) throws(ToolFailure) -> [ServiceDeclaration] {
        let declared = ServiceKind.declarations
        let unknown = keys.filter { key in !declared.contains { $0.kind.rawValue == key } }
        guard unknown.isEmpty else {
            throw .usage(
                "unknown service(s) \(unknown.joined(separator: ", ")); declared services are: "
                    + declared.map(\.kind.rawValue).joined(separator: ", "))
        }
        var chosen = Set(keys.compactMap { ServiceKind(rawValue: $0) })
        var changed = true
        while changed {
            changed = false
            for service in declared {
                guard let partner = service.servedWith else { continue }
                if chosen.contains(service.kind), chosen.insert(partner).inserted {
                    note("adding \(partner): \(service.kind) is served together with \(partner)")
                    changed = true
                }
                if chosen.contains(partner), chosen.insert(service.kind).inserted {
                    note("adding \(service.kind): \(service.kind) is served together with \(partner)")
                    changed = true
                }
            }
        }
        return declared.filter { chosen.contains($0.kind) }
    }
}
