/// The files `new-service` writes for a service whose protocol exists: its contract's subject, a
/// contract and a planted-defect file that fail until written, and the in-memory reference with its
/// contract run, whose methods are "not written yet".
struct ServiceScaffold {
    /// The service's key, e.g. `replies`.
    let key: String
    /// Its protocol, e.g. `ReplyService`.
    let protocolName: String
    /// The protocol's requirements, in declaration order.
    let requirements: [ServiceInterface.Requirement]

    /// The folder of its contract, e.g. `Replies`.
    var folder: String { key.prefix(1).uppercased() + key.dropFirst() }
    /// The contract's subject type, e.g. `ReplyServiceSubject`.
    var subject: String { ScaffoldedService.subject(of: protocolName) }
    /// The contract, e.g. `ReplyServiceContract`.
    var contract: String { "\(protocolName)Contract" }
    /// The defects planted in the broken service, e.g. `ReplyServiceDefect`.
    var defect: String { "\(protocolName)Defect" }
    /// The in-memory service type, e.g. `InMemoryReplyService`.
    var inMemoryType: String { "InMemory\(protocolName)" }
    /// The in-memory integration's property for it, named like its protocol: `replyService`.
    var propertyName: String { ScaffoldedService.propertyName(of: protocolName) }

    /// Where each file goes and what it holds.
    ///
    /// - Throws: a failure naming a requirement the stubs cannot write (a property).
    func files() throws(ToolFailure) -> [(path: String, text: String)] {
        [
            ("Tests/ServiceContracts/\(folder)/\(subject).swift", subjectFile),
            ("Tests/ServiceContracts/\(folder)/\(contract).swift", contractFile),
            ("Tests/ServiceContractsTests/Broken/Broken\(protocolName).swift", try brokenFile()),
            ("Integrations/InMemory/Services/\(inMemoryType).swift", try inMemoryFile()),
            ("Tests/InMemoryIntegrationTests/Contracts/\(inMemoryType)ContractTests.swift", contractRunFile),
        ]
    }

    private var subjectFile: String {
        """
        import Services

        /// A fresh `\(protocolName)` for one check.
        public struct \(subject): ContractSubject {
            /// The service under test.
            public let \(key): any \(protocolName)
            /// Reopens, opens a second instance, tears down; see `SubjectHooks`.
            public let hooks: SubjectHooks<\(subject)>

            /// Creates a subject; see `SubjectHooks.init` for `hooks`.
            public init(\(key): any \(protocolName), hooks: SubjectHooks<\(subject)> = SubjectHooks()) {
                self.\(key) = \(key)
                self.hooks = hooks
            }

            /// A subject over an integration's `services`: what fixtures and generated tests call.
            public init(services: ServiceSet, hooks: SubjectHooks<\(subject)> = SubjectHooks()) throws {
                self.init(\(key): try services.required(.\(key)), hooks: hooks)
            }
        }

        """
    }

    private var contractFile: String {
        """
        import Models
        import Services
        import TestSupport
        import Testing

        /// The rules every `\(protocolName)` must keep, as named checks.
        public enum \(contract): ServiceContract {
            /// Every check; names are stable and unique.
            public static let checks: [ContractCheck<\(subject)>] = [
                ContractCheck("\(protocolName) has its checks") { _ in
                    Issue.record("Write \(contract): one check per promise of \(protocolName) (Docs/AddingAService.md)")
                }
            ]
        }

        """
    }

    private func brokenFile() throws(ToolFailure) -> String {
        """
        import Foundation
        import Models
        import ServiceContracts
        import Services
        import TestSupport
        import Testing

        /// The bugs a `\(protocolName)` can plausibly ship with, each paired with the checks that catch it.
        /// None is planted yet, so `everyServiceIsCovered` fails naming `\(key)`: write the service the
        /// naive way once per bug (a case here, a branch in `Broken\(protocolName)`).
        enum \(defect): String, CaseIterable, Sendable {
            case nonePlantedYet

            /// The contract checks that must fail when this defect is present.
            var caughtBy: [String] { [] }
        }

        /// A `\(protocolName)` written the naive way, with one deliberate defect.
        final class Broken\(protocolName): \(protocolName) {
            let defect: \(defect)
            private let now: @Sendable () -> Date

            init(_ defect: \(defect), now: @escaping @Sendable () -> Date) {
                self.defect = defect
                self.now = now
            }

        \(try stubs(in: "Broken\(protocolName)", file: "Tests/ServiceContractsTests/Broken/Broken\(protocolName).swift", access: ""))
        }

        extension ContractsCatchDefectsTests {
            @Test("A broken \(protocolName) is caught", .capturesIssues, arguments: \(defect).allCases)
            func broken\(protocolName)(_ defect: \(defect)) async throws {
                let fixture = ContractFixture<\(subject)>(
                    integration: "Broken (\\(defect))", capabilities: [.injectedClock]
                ) { clock in
                    \(subject)(\(key): Broken\(protocolName)(defect, now: clock.now))
                }
                for check in defect.caughtBy {
                    try await PlantedDefectRun.expectCaught(
                        defect.rawValue, by: check, in: \(contract).checks, fixture: fixture,
                        runs: PlantedFixtures.runs(isRace: false))
                }
            }
        }

        """
    }

    private func inMemoryFile() throws(ToolFailure) -> String {
        """
        import Foundation
        import Models
        import Services

        /// A `\(protocolName)` holding its data in memory.
        ///
        /// Get it from `InMemoryIntegration.\(propertyName)`. It is done when its contract passes:
        /// `swift test --filter InMemory\(protocolName)ContractTests`. Safe to call concurrently: it is
        /// an actor.
        public actor \(inMemoryType): \(protocolName) {
            private let now: @Sendable () -> Date

            init(now: @escaping @Sendable () -> Date) {
                self.now = now
            }

        \(try stubs(in: inMemoryType, file: "Integrations/InMemory/Services/\(inMemoryType).swift", access: "public "))
        }

        """
    }

    private var contractRunFile: String {
        """
        import ServiceContracts
        import Testing

        @Suite("In-memory \(protocolName) contract")
        struct \(inMemoryType)ContractTests {
            static let fixture = ContractFixture<\(subject)>(
                integration: InMemoryContractFixtures.integration, capabilities: [.injectedClock]
            ) { clock in
                let memory = InMemoryContractFixtures.memory(clock: clock)
                return try \(subject)(
                    services: memory.services, hooks: SubjectHooks(tearDown: { await memory.stop() }))
            }

            @Test("In-memory \(protocolName) contract", arguments: \(contract).checks(supportedBy: fixture))
            func contract(_ check: ContractCheck<\(subject)>) async throws {
                try await check.run(with: Self.fixture)
            }

            @Test("In-memory \(protocolName) contract: checks this fixture cannot run")
            func unsupportedChecks() throws {
                try \(contract).cancelUnsupportedChecks(for: Self.fixture)
            }
        }

        """
    }

    /// Every requirement as a member of `type` that fails with "not written yet", naming `file`;
    /// `access` is the members' access modifier with its space (`"public "`), or `""`.
    private func stubs(in type: String, file: String, access: String) throws(ToolFailure) -> String {
        var members: [String] = []
        for requirement in requirements {
            let declaration = requirement.declaration
            let unwritten =
                #"ServiceError.unavailable(reason: "\#(type).\#(requirement.title) is not written yet: write it in \#(file)", retryAfter: nil)"#
            switch try requirement.stub(in: protocolName) {
            case .property:
                throw .failed(
                    "\(protocolName) requires `\(declaration)`; the scaffold writes methods only: "
                        + "add that property to \(type) by hand")
            case .observation:
                members.append(
                    """
                        /// Not written yet: the observation fails with `.unavailable` until you write it.
                        \(access)\(declaration) {
                            ServiceObservation(failing: \(unwritten))
                        }
                    """)
            case .throwing:
                members.append(
                    """
                        /// Not written yet: throws `.unavailable` until you write it.
                        \(access)\(declaration) {
                            throw \(unwritten)
                        }
                    """)
            }
        }
        return members.joined(separator: "\n\n")
    }
}
