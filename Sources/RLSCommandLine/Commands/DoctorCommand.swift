import RLSCheck

/// `rls doctor`: is this database shaped like Supabase, and does impersonation work on it?
enum DoctorCommand {
    static let command = Command(
        "doctor",
        summary: "Check that the database is shaped like Supabase and that impersonation works.",
        discussion: """
            Verifies the connecting role (not a superuser, bypasses RLS), the API roles anon, authenticated
            and service_role, the auth.uid()/role()/email()/jwt() functions, then impersonates: anon must be
            refused a table it has no grant on, and a signed-in user must get their own id from auth.uid(),
            through request.jwt.claims and through the older request.jwt.claim.sub. Everything runs in
            transactions that are rolled back; the database is left as it was.
            """,
        options: NoOptions.self,
        run: { _, invocation in
            let findings = try invocation.withDatabase { _, connection in try Doctor.examine(connection) }
            for finding in findings {
                invocation.console.output("\(finding.passed ? "ok  " : "FAIL") \(finding.claim): \(finding.detail)")
            }
            let failed = findings.filter { !$0.passed }.count
            invocation.console.output(
                failed == 0 ? "All \(findings.count) checks passed." : "\(failed) of \(findings.count) checks failed.")
            return failed == 0 ? .success : .failure
        }
    )
}
