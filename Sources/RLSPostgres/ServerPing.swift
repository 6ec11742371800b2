internal import CLibPQ

/// Whether a server answers at all, without logging in: what a cluster waits for while it starts.
package enum ServerPing {
    /// True when the server at `conninfo` (a libpq keyword/value string) accepts connections.
    package static func isAccepting(_ conninfo: String) -> Bool {
        PQping(conninfo) == PQPING_OK
    }
}
