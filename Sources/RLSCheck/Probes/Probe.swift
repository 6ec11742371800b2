import RLSModel

/// One statement run as one persona against a table's fixture rows.
public struct Probe: ProbeSubject {
    /// The table probed.
    public var table: TableName
    /// Who runs it.
    public var persona: Persona
    /// What it does.
    public var operation: Operation
    /// Which rows it reads or writes.
    public var target: ProbeTarget
    /// Which barrier it tests.
    public var layer: ProbeLayer

    /// Declares a probe.
    public init(table: TableName, persona: Persona, operation: Operation, target: ProbeTarget, layer: ProbeLayer = .asDeployed) {
        (self.table, self.persona, self.operation, self.target, self.layer) = (table, persona, operation, target, layer)
    }

    /// `public.saved · bob · select · fixture rows`, for TAP and JUnit.
    public var name: String {
        let layerSuffix = layer == .policiesOnly ? " (policies only)" : ""
        return "\(table) · \(persona) · \(operation) · \(target.description(for: persona))\(layerSuffix)"
    }
}
