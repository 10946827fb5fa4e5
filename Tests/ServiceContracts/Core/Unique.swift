import Foundation

/// A handle no other check or run uses, so checks never collide even on a shared store.
func uniqueHandle(_ prefix: String = "user") -> String {
    let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    return "\(prefix)_\(suffix)"
}

/// An owner id no other check or run uses, for listings keyed by owner.
func uniqueOwner(_ prefix: String = "owner") -> String {
    "\(prefix)-\(UUID().uuidString.lowercased())"
}
