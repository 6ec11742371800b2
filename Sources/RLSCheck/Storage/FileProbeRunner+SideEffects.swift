import RLSModel

extension FileProbeRunner {
    /// The table the storage probes write.
    static let objects = Observation.storageObjects

    /// ``run(_:with:)`` for the probes whose statement on storage.objects fires none of
    /// `sideEffects`; the others are not run, with the trigger's reason.
    func run(_ probes: [FileProbe], with runner: ProbeRunner, skipping sideEffects: [SideEffectTrigger]) throws -> [CheckedProbe<FileProbe>]
    {
        let reasons = probes.map { probe in
            sideEffects.first { $0.table == Self.objects && $0.operations.contains(probe.action.operations[0]) }?.reason
        }
        let run = probes.indices.filter { reasons[$0] == nil }
        var results = probes.indices.map { index in
            reasons[index].map {
                CheckedProbe(probe: probes[index], expected: .permitted(probes[index].expectedAllowed), observed: .notRun($0))
            }
        }
        for (index, result) in zip(run, try self.run(run.map { probes[$0] }, with: runner)) { results[index] = result }
        return results.map { $0! }
    }
}
