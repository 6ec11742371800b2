import Foundation
import RLSDatabase
import RLSModel
import RLSSQL

/// The table probes on several connections at once (``CheckOptions/connections``, 2 by default).
/// The server runs one connection's statements on one core, and the probes are nearly all server
/// time, so two connections take about half as long on a server with two cores or more; against a
/// remote database their round trips overlap too.
///
/// Each further connection (a lane) opens its own transaction, inserts the same fixture rows as the
/// first under its own users and values (``Persona/User/onLane(_:)``, ``FixtureValues/lane``), so
/// that no connection sees or waits on another's uncommitted rows, then takes pieces of the probes
/// (runs of a table and persona, in order, smaller towards the end) from the same list as the first
/// until none is left. Every probe still sees exactly the rows it would see on one connection. What
/// could make the result differ is undone:
/// - a lane waits on a lock for at most ``laneLockTimeout``: a row that every fixture's trigger
///   writes (a global counter) makes it give up, and its pieces run on the first connection;
/// - the lanes insert their fixtures while the first connection inserts its own, and take probes
///   while it runs the scenarios; its fixtures and scenarios wait on a lock for at most
///   ``laneLockTimeout`` meanwhile: fixtures that waited longer go in again once the lanes have
///   ended (the check then runs on one connection), and a scenario that did runs again once the
///   lanes have rolled back;
/// - a probe on any connection that ended in a lock timeout or a deadlock runs again on the first
///   connection once the lanes have rolled back, with the check's own lock timeout;
/// - a lane that cannot connect or set up (a connection limit, a refused fixture) takes no piece,
///   and a piece a lane could not finish runs on the first connection;
/// - a lane whose first statement is not answered (a pooler with one server connection, which the
///   first connection's transaction holds) gives up, and the report says the check ran on one.
///
/// Each lane reads the last value it drew from each sequence before it rolls back, so that the
/// check can still put the sequences back (see ``SequenceShadow``).
struct ProbeLanes {
    /// How long a lane waits on a lock before giving up, or its probe runs again on the first connection.
    static let laneLockTimeout = Duration.milliseconds(200)
    /// How long a lane waits for the answer to its first statement before it gives up: a connection
    /// the server (or a pooler) does not serve while the first connection's transaction is open.
    /// It gives up sooner when the first connection is done.
    static let firstAnswerSeconds = 2.0
    /// A lane whose first statement went unanswered this long, and longer than opening its
    /// connection took (until it gave up, or until the first connection was done), was not served:
    /// the check says it ran on one connection.
    static let unservedAfterSeconds = 0.05

    let schema: Schema
    let options: CheckOptions
    private let board: Board
    private let done = DispatchGroup()
    /// Whether further connections were started.
    private let started: Bool

    /// What the probes did, in the order given, and how many each connection ran (the first, then
    /// the lanes; a probe run again counts twice).
    struct Results {
        var observed: [(outcome: Observation, note: String?)]
        var ranByConnection: [Int]
    }

    /// Starts the further connections to `target` (for a schema of more than one table): each
    /// connects at once, while the first connection reads the sequences and the tables; after
    /// ``setUp(tables:sequences:)`` it opens its transaction and inserts its fixtures, while the
    /// first connection inserts its own, then waits for ``run(_:on:first:)``. Call ``stop()`` when
    /// the check ends, however it ends.
    init(schema: Schema, options: CheckOptions, target: ConnectionTarget) {
        self.schema = schema
        self.options = options
        board = Board(lanes: max(options.connections - 1, 0))
        started = options.connections > 1 && schema.tables.count > 1
        guard started else { return }
        for lane in 1..<options.connections {
            done.enter()
            Thread.detachNewThread { [schema, options, board, done] in
                defer { done.leave() }
                let drawn = Lane(number: lane, schema: schema, options: options).run(board: board, target: target)
                board.record(drawn, of: lane)
            }
        }
    }

    /// What the lanes need before their fixtures: the tables as the database holds them, and the
    /// sequences' positions before the check.
    func setUp(tables: [TableName: ProbeRunner.TableFacts], sequences: SequenceShadow) {
        board.setUp(tables: tables, sequences: sequences)
    }

    /// Runs `probes` on `runner`'s connection and, when there are enough of them, on the lanes too.
    /// The first connection runs `first` (the scenarios, the channel and file probes) before its
    /// share of `probes`, while the lanes start on theirs; `first` must leave the connection at
    /// ``ProbeRunner/savepoint`` as it found it.
    func run(_ probes: [Probe], on runner: ProbeRunner, first: () throws -> Void) throws -> Results {
        let pieces = Self.pieces(of: probes, connections: options.connections)
        guard areRunning, runner.batches, pieces.count > 1 else {
            stop()
            try first()
            // Lanes that were started and ran nothing still count, as connections that ran no probe.
            let idle = started ? options.connections - 1 : 0
            return Results(observed: try runner.run(probes), ranByConnection: [probes.count] + Array(repeating: 0, count: idle))
        }
        board.open(probes: probes, pieces: pieces)
        do {
            try first()
            while let (piece, share) = board.take() { board.finish(piece, try runner.run(share), by: 0) }
        } catch {
            stop()
            throw error
        }
        stop()
        var observed = board.observed(count: probes.count)
        // Pieces a lane gave back, and probes that waited on another connection's lock: on this connection, alone now.
        let again = probes.indices.filter { observed[$0].map { Self.waitedOnALock($0.outcome) } ?? true }
        for (index, result) in zip(again, try runner.run(again.map { probes[$0] })) { observed[index] = result }
        var ran = board.ran
        ran[0] += again.count
        return Results(observed: observed.map { $0! }, ranByConnection: ran)
    }

    /// Ends the lanes: no piece is handed out after this, and it returns once every lane has rolled
    /// back and closed its connection.
    func stop() {
        board.close()
        done.wait()
    }

    /// The last value each lane drew from each sequence, read before it rolled back: complete once
    /// ``stop()`` has returned, however the check ended.
    var drawn: [[String: String]] { board.drawnByLanes }

    /// When a lane was not served (``unservedAfterSeconds``; complete once ``stop()`` has returned),
    /// the note that says the check ran on one connection.
    var unservedNote: String? {
        guard board.wasUnserved else { return nil }
        return "rls check ran on one connection: a second connection got no answer to its first statement while the first "
            + "connection's transaction was open (a pooler that gives this client a single server connection, such as PgBouncer "
            + "with pool_size 1, serves it only after that transaction); pass --connections 1 to skip the attempt"
    }

    /// Whether lanes were started and not stopped: a lock the first connection waits on may be theirs.
    var areRunning: Bool { started && !board.isClosed }

    /// Whether a probe ended because it waited on a lock (perhaps another connection's rows).
    static func waitedOnALock(_ outcome: Observation) -> Bool {
        let states: [SQLState] = [.lockNotAvailable, .deadlockDetected]
        switch outcome {
        case .failed(let state?, _): return states.contains(state)
        // A policies-only probe's grant that waited: "55P03 canceling statement due to lock timeout".
        case .notRun(let reason): return states.contains { reason.hasPrefix($0.rawValue + " ") }
        default: return false
        }
    }

    /// `probes` cut into pieces that shrink as they go: each about the probes left divided by twice
    /// the connections (at most one pipeline, at least half a block), so that the connections
    /// finish together, and each ends where the table or the persona changes, so that a table's
    /// policies-only probes for a persona stay with its as-deployed ones (see ``ProbeRunner/runOrder(_:)``).
    static func pieces(of probes: [Probe], connections: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        while start < probes.count {
            let size = min(
                max((probes.count - start) / (2 * max(connections, 1)), ProbeRunner.probesPerBlock / 2), ProbeRunner.probesPerPipeline)
            var end = min(start + size, probes.count)
            while end < probes.count, probes[end].table == probes[end - 1].table, probes[end].persona == probes[end - 1].persona {
                end += 1
            }
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }

    /// One further connection: its transaction, fixtures and runner.
    private struct Lane {
        let number: Int
        let schema: Schema
        let options: CheckOptions

        /// Connects, sets up, waits for the probes, takes pieces until none is left, and returns the
        /// last value drawn from each sequence; any failure ends the lane.
        func run(board: Board, target: ConnectionTarget) -> [String: String] {
            let connecting = Date()
            guard !board.isClosed, let connection = try? Connection(target) else { return [:] }
            // Opening the connection took a few round trips: an answer to one statement should take no longer.
            let roundTrips = max(Date().timeIntervalSince(connecting), ProbeLanes.unservedAfterSeconds)
            defer { connection.close() }
            guard let (tables, sequences) = board.waitForSetUp() else { return [:] }
            do {
                // Through a pooler that gives this client one server connection (PgBouncer with pool_size 1),
                // the first statement waits until the first connection's transaction ends, which waits for this lane.
                let begin = options.beginSQL(lockTimeout: ProbeLanes.laneLockTimeout)
                let sent = Date()
                guard
                    try connection.executeReturningLast(begin, answeringWithin: ProbeLanes.firstAnswerSeconds, unless: { board.isClosed })
                        != nil
                else {
                    // Unanswered for less only when the first connection was done first.
                    if Date().timeIntervalSince(sent) >= roundTrips { board.noteUnserved() }
                    return [:]
                }
                let runner = try ProbeRunner.started(for: schema, tables: tables, lane: number, on: connection).runner
                // The first connection plans the probes meanwhile; it may also need no lane at all.
                guard board.waitUntilOpen() else { throw CancellationError() }
                while runner.batches, let (piece, share) = board.take() {
                    // A piece that throws stays unfinished: the first connection runs it at the end.
                    board.finish(piece, try runner.run(share), by: number)
                }
            } catch {}
            let drawn = sequences.lastDrawn(on: connection)
            _ = try? connection.execute("rollback")
            return drawn
        }
    }

    /// The pieces still to run and what each run piece observed, shared by the connections.
    private final class Board: @unchecked Sendable {
        private let condition = NSCondition()
        private var setup: (tables: [TableName: ProbeRunner.TableFacts], sequences: SequenceShadow)?
        private var probes: [Probe] = []
        private var pieces: [Range<Int>] = []
        private var opened = false
        private var next = 0
        private var closed = false
        private var results: [Int: [(outcome: Observation, note: String?)]] = [:]
        private var drawn: [[String: String]]
        private var unserved = false
        private(set) var ran: [Int]

        init(lanes: Int) {
            drawn = Array(repeating: [:], count: lanes)
            ran = Array(repeating: 0, count: lanes + 1)
        }

        private func locked<T>(_ body: () -> T) -> T {
            condition.lock()
            defer { condition.unlock() }
            return body()
        }

        var isClosed: Bool { locked { closed } }

        func setUp(tables: [TableName: ProbeRunner.TableFacts], sequences: SequenceShadow) {
            locked {
                setup = (tables, sequences)
                condition.broadcast()
            }
        }

        /// Waits until the lanes are set up and returns what they need; nil when the board closed first.
        func waitForSetUp() -> (tables: [TableName: ProbeRunner.TableFacts], sequences: SequenceShadow)? {
            locked {
                while setup == nil && !closed { condition.wait() }
                return closed ? nil : setup
            }
        }

        /// Hands out `pieces` of `probes` from now on.
        func open(probes: [Probe], pieces: [Range<Int>]) {
            locked {
                self.probes = probes
                self.pieces = pieces
                opened = true
                condition.broadcast()
            }
        }

        /// Waits until the board is open (true) or closed before it opened (false).
        func waitUntilOpen() -> Bool {
            locked {
                while !opened && !closed { condition.wait() }
                return !closed
            }
        }

        /// The next piece to run and its probes; nil when none is left or the first connection is done.
        func take() -> (piece: Int, probes: [Probe])? {
            locked {
                guard opened, !closed, next < pieces.count else { return nil }
                next += 1
                return (next - 1, Array(probes[pieces[next - 1]]))
            }
        }

        func finish(_ piece: Int, _ observed: [(outcome: Observation, note: String?)], by connection: Int) {
            locked {
                results[piece] = observed
                ran[connection] += observed.count
            }
        }

        /// No piece is handed out after this, and lanes still waiting for the probes give up.
        func close() {
            locked {
                closed = true
                condition.broadcast()
            }
        }

        func record(_ drawn: [String: String], of lane: Int) { locked { self.drawn[lane - 1] = drawn } }

        /// A lane's first statement got no answer in time.
        func noteUnserved() { locked { unserved = true } }

        var wasUnserved: Bool { locked { unserved } }

        var drawnByLanes: [[String: String]] { locked { drawn } }

        /// Every probe's result, nil for the probes of a piece no connection finished.
        func observed(count: Int) -> [(outcome: Observation, note: String?)?] {
            locked {
                var observed: [(outcome: Observation, note: String?)?] = Array(repeating: nil, count: count)
                for (piece, results) in results {
                    for (index, result) in zip(pieces[piece], results) { observed[index] = result }
                }
                return observed
            }
        }
    }
}
