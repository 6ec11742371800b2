import RLSModel

/// The Electric Ride example (a used electric-vehicle marketplace, from the seeds)
/// with BoxScore's sign-up profiles: this repository's own schema.
///
/// Who may do what:
/// - reference data (`colour`, `brand`) and the welcome page's per-brand counts: anyone;
/// - `vehicle` and `listing` details: signed-in users only; a listing is written only by its seller;
/// - `profiles`: one per user, created only by the sign-up trigger, read by signed-in users,
///   updated only by its owner;
/// - `saved` listings: only the user who saved them, for every operation;
/// - dealerships: their team (owner, admin, staff) manages the dealership's listings, by role;
/// - files: avatars in a public bucket, each user's own folder; listing photos written by the
///   listing's seller or the staff of the dealership selling it.
public enum ElectricRide {
    /// The whole schema, as `rls sql` prints it.
    public static let schema = Schema {
        profiles
        catalog
        listings
        welcomePageCounts
        dealerships
        storage
    }
}
