import RLSDatabase
import RLSModel
import RLSSQL

/// Runs storage probes in the check's transaction, in probe blocks like the table probes, each
/// probe rolled back.
///
/// Before a bucket's probes `postgres` (which bypasses RLS) puts ``existingFile`` in both sides'
/// folders of the bucket; then the persona uploads ``uploadedFile`` to a folder, or reads, overwrites
/// (sets `version`) or deletes the folder's file. A refusal is 42501 or no row touched. The names
/// are `<folder>/<uuid>.txt`, which the common naming policies accept (a policy that casts the
/// file's name or folder to uuid), with fixed uuids so that reports stay the same run to run.
///
/// Folders are the fixture users' ids, or for a bucket whose folders name rows
/// (`.rowFolder(of: "listing", ...)`) the primary key of each side's fixture row of that table.
struct FileProbeRunner {
    let connection: Connection
    let schema: Schema
    let fixtures: Fixtures
    /// Who belongs to which group, for members plans in row folders.
    let groups: GroupRoles

    /// The name of the file every folder holds before the probes.
    static let existingFile = "\(CheckUUID.make("c4ecf11e", number: 1)).txt"
    /// The name of the file the upload probes put in a folder.
    static let uploadedFile = "\(CheckUUID.make("c4ecf11e", number: 2)).txt"

    /// Every probe of every bucket: persona × action × each side's folder.
    func probes() -> [FileProbe] {
        var probes: [FileProbe] = []
        for bucket in schema.buckets {
            let folders = FixtureOwner.allCases.compactMap { owner in folder(of: owner, in: bucket).map { (owner, $0) } }
            for persona in personas(for: bucket) {
                for action in FileProbe.Action.allCases {
                    for (owner, folder) in folders {
                        let allowed = action.operations.allSatisfy {
                            allows(bucket.access[$0], persona, in: bucket, folderOwner: owner, folder: folder)
                        }
                        probes.append(
                            FileProbe(
                                bucket: bucket, persona: persona, action: action, folderOwner: owner, folder: folder,
                                expectedAllowed: allowed))
                    }
                }
            }
        }
        return probes
    }

    /// The table whose rows name the bucket's folders, if a plan says so.
    static func folderTable(of bucket: Bucket) -> TableName? {
        Operation.allCases.lazy.compactMap { operation -> TableName? in
            if case .rowFolder(let table, _) = bucket.access[operation] { return table }
            return nil
        }.first
    }

    /// `owner`'s folder: their user id, or their fixture row's key in the folder table.
    func folder(of owner: FixtureOwner, in bucket: Bucket) -> String? {
        guard let name = Self.folderTable(of: bucket) else { return owner.user.id }
        guard let table = schema.table(name), let key = table.primaryKey?.columns.first else { return nil }
        return fixtures.row(name, owner)?.values[key] ?? nil
    }

    /// anon, alice, bob and the service role on every bucket; group members and carol where a row
    /// folder's members plan decides, app-role users where an app-role plan does.
    func personas(for bucket: Bucket) -> [Persona] {
        let plans = Operation.allCases.flatMap { operation -> [AccessPlan] in
            if case .rowFolder(_, let plans) = bucket.access[operation] { return plans }
            return []
        }
        return Persona.checked(in: schema, groups: groups, deciding: plans)
    }

    /// Whether `plan` lets `persona` at files in `folder`, the folder of `folderOwner`'s side in `bucket`.
    func allows(_ plan: StoragePlan, _ persona: Persona, in bucket: Bucket, folderOwner: FixtureOwner, folder: String) -> Bool {
        if persona == .serviceRole { return true }
        guard case .user(let user) = persona else { return plan == .public }
        switch plan {
        case .public, .authenticated: return true
        case .ownerFolder: return folder == user.id
        case .rowFolder(let name, let plans):
            guard name == Self.folderTable(of: bucket), let table = schema.table(name) else { return false }
            return plans.contains { reaches($0, persona, on: table, side: folderOwner) }
        case .serviceRoleOnly, .noAccess: return false
        }
    }

    /// Whether a table plan lets `persona` reach `side`'s fixture row of `table`.
    private func reaches(_ plan: AccessPlan, _ persona: Persona, on table: Table, side: FixtureOwner) -> Bool {
        switch plan {
        case .public, .authenticated: return true
        case .owner, .ownerThrough: return persona.fixtureOwner == side
        case .members:
            guard let path = try? schema.membershipPath(of: table, plan: plan) else { return false }
            return groups.side(of: persona, under: path) == side
        case .appRole(let roles):
            guard case .user(let user) = persona, let role = user.appRole else { return false }
            return roles.contains(role)
        case .serviceRoleOnly, .noAccess: return false
        }
    }

    /// Runs every probe in probe blocks (``ProbeRunner/reports(for:)``), bucket by bucket: the
    /// bucket's files put in once beforehand, each probe rolled back inside its block; a probe its
    /// block could not run (a timeout, a hardened database) runs on its own (``run(_:)``).
    func run(_ probes: [FileProbe], with runner: ProbeRunner) throws -> [CheckedProbe<FileProbe>] {
        var results: [CheckedProbe<FileProbe>?] = Array(repeating: nil, count: probes.count)
        var bucketIDs: [String] = []
        for probe in probes where !bucketIDs.contains(probe.bucket.id) { bucketIDs.append(probe.bucket.id) }
        for id in bucketIDs {
            let indices = probes.indices.filter { probes[$0].bucket.id == id }
            do {
                try connection.execute(
                    "rollback to savepoint \(ProbeRunner.savepoint);\n"
                        + "insert into storage.objects (bucket_id, name) values "
                        + existingFiles(in: probes[indices[0]].bucket).joined(separator: ", ") + ";\n"
                        + Self.deleteAsTheStorageAPI)
            } catch let error as DatabaseError where !error.isConnectionFailure {
                // The files cannot be put in (no bucket row): each probe runs alone and reports the error.
                try connection.execute("rollback to savepoint \(ProbeRunner.savepoint)")
                for index in indices { results[index] = try run(probes[index], with: runner) }
                continue
            }
            let entries = indices.enumerated().map { position, index in
                let (statement, returns) = action(probes[index])
                return runner.entry(
                    position, as: probes[index].persona, statement, returns: returns, on: Self.objects,
                    privileges: Self.privileges(probes[index]))
            }
            for (index, report) in zip(indices, try runner.reports(for: entries)) {
                results[index] = try report.map { try result(of: $0, probes[index], runner) } ?? run(probes[index], with: runner)
            }
        }
        return results.map { $0! }
    }

    /// What a probe's report says: allowed when it touched a file, filtered when it touched none,
    /// else its error classified.
    private func result(of report: ProbeBlock.Report, _ probe: FileProbe, _ runner: ProbeRunner) throws -> CheckedProbe<FileProbe> {
        let (observed, note) = try runner.observation(of: report, as: probe.persona, probe.action.operations[0], on: Self.objects) {
            (Int($0) ?? 0) > 0 ? .allowed : .filtered
        }
        return checked(probe, observed, note)
    }

    /// A probe with the plans' yes or no and what it observed.
    private func checked(_ probe: FileProbe, _ observed: Observation, _ note: String?) -> CheckedProbe<FileProbe> {
        CheckedProbe(probe: probe, expected: .permitted(probe.expectedAllowed), observed: observed, note: note)
    }

    /// The privileges an action needs on storage.objects: its operations' (overwrite and delete find the file first).
    static func privileges(_ probe: FileProbe) -> [String] {
        probe.action.operations.map { $0.rawValue.uppercased() }
    }

    /// Deletes as the Storage API makes them: it sets `storage.allow_delete_query` for its own
    /// transaction, which lets its deletes past the storage service's guard against deleting in SQL
    /// (`storage.protect_delete()`), so a delete probe's verdict is the policies'. Transaction-local,
    /// undone with the probe's savepoint.
    static let deleteAsTheStorageAPI = "select pg_catalog.set_config('storage.allow_delete_query', 'true', true)"

    /// ``existingFile`` in each side's folder of `bucket`, as rows of an INSERT into storage.objects.
    private func existingFiles(in bucket: Bucket) -> [String] {
        FixtureOwner.allCases.compactMap { folder(of: $0, in: bucket) }
            .map { "(\(quoteLiteral(bucket.id)), \(quoteLiteral("\($0)/\(Self.existingFile)")))" }
    }

    /// The probe's statement and what it returns: the upload's rows, else how many files it touched.
    private func action(_ probe: FileProbe) -> (statement: String, returns: ProbeBlock.Returns) {
        let bucket = quoteLiteral(probe.bucket.id)
        let file = quoteLiteral("\(probe.folder)/\(Self.existingFile)")
        switch probe.action {
        case .upload:
            // No RETURNING: it would need the read plan too, which an upload through the API does not.
            return (
                "insert into storage.objects (bucket_id, name) values (\(bucket), \(quoteLiteral("\(probe.folder)/\(Self.uploadedFile)")))",
                .rowCount
            )
        case .read:
            return ("select count(*) as touched from storage.objects where bucket_id = \(bucket) and name = \(file)", .value)
        case .overwrite:
            return (
                "with touched as (update storage.objects set version = 'rls-check' where bucket_id = \(bucket) and name = \(file) returning 1) "
                    + "select count(*) as touched from touched", .value
            )
        case .delete:
            return (
                "with touched as (delete from storage.objects where bucket_id = \(bucket) and name = \(file) returning 1) "
                    + "select count(*) as touched from touched", .value
            )
        }
    }

    /// Runs one probe on its own, in one round trip: the files put in, the persona, the action.
    func run(_ probe: FileProbe, with runner: ProbeRunner) throws -> CheckedProbe<FileProbe> {
        let (statement, returns) = action(probe)
        let script = [
            "rollback to savepoint \(ProbeRunner.savepoint)",
            "insert into storage.objects (bucket_id, name) values " + existingFiles(in: probe.bucket).joined(separator: ", "),
            Self.deleteAsTheStorageAPI,
            Impersonation.script(for: probe.persona),
            statement + (returns == .rowCount ? ";\nselect 1 as touched" : ""),
        ]
        do {
            let touched = try connection.executeReturningLast(script.joined(separator: ";\n"))
            return checked(probe, (Int(touched.first?["touched"] ?? "0") ?? 0) > 0 ? .allowed : .filtered, nil)
        } catch let error as DatabaseError where !error.isConnectionFailure {
            let (observed, note) = try runner.observation(
                of: error, as: probe.persona, probe.action.operations[0], on: Self.objects, privileges: Self.privileges(probe))
            return checked(probe, observed, note)
        }
    }
}
