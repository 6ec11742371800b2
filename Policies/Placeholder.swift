import RLSModel

/// The Electric Ride example schema (placeholder until the DSL issue lands).
public enum ElectricRide {
    public static let schema = Schema()
}
