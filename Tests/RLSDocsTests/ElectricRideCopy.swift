import ElectricRide
import RLSModel

/// The example schema built a second time, through `Schema(elements:)`, so determinism is not
/// just "the same value twice".
enum ElectricRideCopy {
    static let schema = Schema(
        elements: ElectricRide.schema.tables.map { .table($0) }
            + ElectricRide.schema.enums.map { .enumType($0) }
            + ElectricRide.schema.functions.map { .function($0) }
            + ElectricRide.schema.triggers.map { .trigger($0) }
            + ElectricRide.schema.views.map { .view($0) }
            + ElectricRide.schema.signUpProfiles.map { .signUpProfile($0) }
            + ElectricRide.schema.buckets.map { .bucket($0) },
        fileID: ElectricRide.schema.source.fileID, line: ElectricRide.schema.source.line)
}
