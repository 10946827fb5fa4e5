// scripts/remove-service deletes this file with the service it is part of: authentication
import Models
import Services
import TestSupport
import Testing

/// The rules every `AuthenticationService` must keep, as named checks.
public enum AuthenticationServiceContract: ServiceContract {
    /// Every check; names are stable and unique.
    public static let checks: [ContractCheck<AuthenticationServiceSubject>] =
        sessionChecks + refusalChecks + passwordChecks + deviceLocalChecks + observationChecks + reopenChecks

    /// The password the checks sign up with where one is needed.
    static let goodPassword = try! Password.new("correct horse battery")

    static let sessionChecks: [ContractCheck<AuthenticationServiceSubject>] = [
        ContractCheck("sign-up makes the user the users service finds, and signs them in") { subject in
            #expect(try await subject.authentication.currentSession() == nil)
            let handle = uniqueHandle("Ann")
            let session = try await subject.authentication.signUp(
                UserDraft(handle: handle, displayName: " Ann "), password: subject.newPassword)
            #expect(session.user.handle.rawValue == handle.lowercased())
            #expect(session.user.displayName == "Ann")
            #expect(try await subject.users.user(id: session.user.id) == session.user)
            #expect(try await subject.authentication.currentSession() == session)
        },
        ContractCheck("sign-out ends the session; signing out again does nothing") { subject in
            _ = try await subject.signUp("ben")
            try await subject.authentication.signOut()
            #expect(try await subject.authentication.currentSession() == nil)
            try await subject.authentication.signOut()
            #expect(try await subject.authentication.currentSession() == nil)
        },
        ContractCheck("sign-in finds the account by handle in any letter case and switches to it") { subject in
            let first = try await subject.signUp("Cleo")
            let other = try await subject.signUp("dan")
            #expect(try await subject.authentication.currentSession() == other)
            for variant in [first.user.handle.rawValue.uppercased(), first.user.handle.rawValue] {
                let session = try await subject.authentication.signIn(
                    handle: try Handle(variant), password: subject.newPassword)
                #expect(session.user == first.user, "signed in as \(variant)")
                #expect(try await subject.authentication.currentSession() == session)
            }
        },
    ]

    static let refusalChecks: [ContractCheck<AuthenticationServiceSubject>] = [
        ContractCheck("a taken handle in any letter case is a conflict and the session stays") { subject in
            let taken = try await subject.signUp("Eve")
            let current = try await subject.signUp("fay")
            for variant in [taken.user.handle.rawValue, taken.user.handle.rawValue.uppercased()] {
                await expectServiceError(.conflict, "sign up as \(variant)") { () throws(ServiceError) in
                    try await subject.authentication.signUp(
                        UserDraft(handle: variant, displayName: "Impostor"), password: subject.newPassword)
                }
            }
            #expect(try await subject.authentication.currentSession() == current)
            #expect(try await subject.users.user(id: taken.user.id) == taken.user)
        },
        ContractCheck("invalid handles and names are refused at sign-up; nothing is stored or signed in") { subject in
            let samples = [("handle", "a b"), ("handle", "x"), ("displayName", " "), ("displayName", "a\nb")]
            for (field, value) in samples {
                let handle = field == "handle" ? value : uniqueHandle("gil")
                await expectInvalidInput(field: field, "\(field) \(value.debugDescription)") {
                    () throws(ServiceError) in
                    try await subject.authentication.signUp(
                        UserDraft(handle: handle, displayName: field == "displayName" ? value : "Gil"),
                        password: subject.newPassword)
                }
                if field == "displayName" {
                    let valid = try Handle(handle)
                    await expectServiceError(.notFound) { () throws(ServiceError) in
                        try await subject.users.user(handle: valid)
                    }
                }
            }
            #expect(try await subject.authentication.currentSession() == nil)
        },
    ]

    static let passwordChecks: [ContractCheck<AuthenticationServiceSubject>] = [
        ContractCheck(
            "a wrong password or an unknown handle is unauthorized, a missing one invalid, and the session stays",
            requires: [.passwords]
        ) { subject in
            let account = try await subject.signUp("hal")
            let current = try await subject.signUp("ida")
            let attempts: [(String, Password?)] = [
                (account.user.handle.rawValue, try Password("correct horse battery!")),
                (account.user.handle.rawValue, try Password("Correct horse battery")),
                (uniqueHandle("nobody"), goodPassword),
            ]
            for (text, password) in attempts {
                let handle = try Handle(text)
                await expectServiceError(.unauthorized, "sign in as \(text)") { () throws(ServiceError) in
                    try await subject.authentication.signIn(handle: handle, password: password)
                }
            }
            await expectInvalidInput(field: "password", "no password") { () throws(ServiceError) in
                try await subject.authentication.signIn(handle: account.user.handle, password: nil)
            }
            #expect(try await subject.authentication.currentSession() == current)
        },
        ContractCheck("sign-up needs a password of at least 8 bytes", requires: [.passwords]) { subject in
            for password in [nil, try Password("seven77")] {
                let text = uniqueHandle("jo")
                let handle = try Handle(text)
                await expectInvalidInput(field: "password", "password \(String(describing: password))") {
                    () throws(ServiceError) in
                    try await subject.authentication.signUp(
                        UserDraft(handle: text, displayName: "Jo"), password: password)
                }
                await expectServiceError(.notFound) { () throws(ServiceError) in
                    try await subject.users.user(handle: handle)
                }
            }
            let session = try await subject.authentication.signUp(
                UserDraft(handle: uniqueHandle("jo"), displayName: "Jo"), password: try Password.new("eight888"))
            #expect(try await subject.authentication.currentSession() == session)
        },
    ]

    static let deviceLocalChecks: [ContractCheck<AuthenticationServiceSubject>] = [
        ContractCheck(
            "device-local sign-in refuses a password and an unknown handle, and the session stays",
            requires: [.deviceLocalSignIn]
        ) { subject in
            let account = try await subject.signUp("kim")
            let current = try await subject.signUp("lee")
            await expectInvalidInput(field: "password") { () throws(ServiceError) in
                try await subject.authentication.signIn(handle: account.user.handle, password: goodPassword)
            }
            let nobody = try Handle(uniqueHandle("nobody"))
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.authentication.signIn(handle: nobody, password: nil)
            }
            #expect(try await subject.authentication.currentSession() == current)
        }
    ]

    static let observationChecks: [ContractCheck<AuthenticationServiceSubject>] = [
        ContractCheck("observing gives who is signed in, then each sign-in and sign-out") { subject in
            let probe = ObservationProbe(subject.authentication.observeSession())
            defer { probe.cancel() }
            #expect(try await probe.next(within: ObservationProbe<AccountSession?>.deadline, "nobody") == nil)
            let first = try await subject.signUp("max")
            #expect(try await probe.next(within: ObservationProbe<AccountSession?>.deadline, "the sign-up") == first)
            try await subject.authentication.signOut()
            #expect(try await probe.next(within: ObservationProbe<AccountSession?>.deadline, "the sign-out") == nil)
            let again = try await subject.authentication.signIn(
                handle: first.user.handle, password: subject.newPassword)
            #expect(try await probe.next(within: ObservationProbe<AccountSession?>.deadline, "the sign-in") == again)
        }
    ]

    static let reopenChecks: [ContractCheck<AuthenticationServiceSubject>] = [
        ContractCheck(
            "the signed-in user is still signed in after a reopen, and signed out after one", requires: [.reopen]
        ) { subject in
            let session = try await subject.signUp("ned")
            let reopened = try await subject.reopen()
            #expect(try await reopened.authentication.currentSession() == session)
            try await reopened.authentication.signOut()
            let again = try await reopened.reopen()
            #expect(try await again.authentication.currentSession() == nil)
        }
    ]
}
