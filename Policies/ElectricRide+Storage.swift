import RLSModel

extension ElectricRide {
    /// Files in Supabase Storage, each bucket's plans beside the tables whose rows its folders name.
    ///
    /// - `avatars` (BoxScore's profile pictures): a public bucket, so `profiles.avatar_url` is a public
    ///   URL anyone's browser loads without a policy; each user uploads, replaces, lists and deletes only
    ///   in the folder named after their user id (`<user id>/avatar.png`).
    /// - `listing-photos`: private; every signed-in user sees them (as they see every listing), only the
    ///   listing's seller, or the staff of the dealership that sells it, adds, replaces and removes
    ///   them, in the folder named after the listing's id (`<listing id>/front.jpg`).
    @SchemaBuilder static var storage: [SchemaElement] {
        Bucket("avatars", public: true, fileSizeLimit: 2_097_152, allowedMimeTypes: ["image/png", "image/jpeg", "image/webp"])
            .access(.ownerFolder)

        Bucket("listing-photos", fileSizeLimit: 10_485_760, allowedMimeTypes: ["image/jpeg", "image/png", "image/webp"])
            .access(
                read: .authenticated,
                write: .rowFolder(
                    of: "listing", .owner(column: "seller_id"), .members(of: "dealership_id", through: "dealership_member")))
    }
}
