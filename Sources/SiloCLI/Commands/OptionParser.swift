/// Takes options and operands out of one command's arguments, and complains about leftovers.
struct OptionParser {
    private var arguments: [String]
    private let command: String

    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    /// Removes `--name value` (or `--name=value`) and returns the value, or `nil` when absent.
    mutating func optionalValue(_ name: String) throws(UsageError) -> String? {
        if let index = arguments.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(arguments.remove(at: index).dropFirst(name.count + 1))
            return value
        }
        guard let index = arguments.firstIndex(of: name) else { return nil }
        guard index + 1 < arguments.count else { throw UsageError("\(command): \(name) needs a value") }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        return value
    }

    /// Removes `--name value` and returns the value; the option is required.
    mutating func value(_ name: String) throws(UsageError) -> String {
        guard let value = try optionalValue(name) else { throw UsageError("\(command): \(name) is required") }
        return value
    }

    /// Removes `--name N` and returns `N`, checked against `range`; `default` when absent.
    mutating func integer(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = try optionalValue(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(command): \(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// Removes and returns the first argument that is not an option.
    mutating func operand(_ what: String) throws(UsageError) -> String {
        guard let index = arguments.firstIndex(where: { !$0.hasPrefix("--") || $0 == "--" }) else {
            throw UsageError("\(command): missing \(what)")
        }
        if arguments[index] == "--" {
            arguments.remove(at: index)
            guard index < arguments.count else { throw UsageError("\(command): missing \(what)") }
        }
        return arguments.remove(at: index)
    }

    /// Fails when arguments are left that no option or operand took.
    func finish() throws(UsageError) {
        if let extra = arguments.first {
            throw UsageError("\(command): unexpected argument '\(extra)'")
        }
    }
}
