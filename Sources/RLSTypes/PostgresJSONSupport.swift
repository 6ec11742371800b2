/// The part of every generated file that is the same for every schema: how Postgres's JSON (as
/// PostgREST sends it) becomes Swift values and back. Dates: PostgreSQL's JSON output writes
/// `timestamptz` as `2026-11-27T09:30:00.123456+00:00` (ISO 8601, up to six fractional digits with
/// trailing zeros dropped, none when zero, the offset of the session's time zone, seconds in the
/// offset for odd historical zones), `timestamp` the same without an offset, and `date` as `2026-11-27`.
/// Foundation's `.iso8601` strategy rejects the fractional seconds and the plain dates, so the file
/// ships its own strategies; they are small enough to read in review.
enum PostgresJSONSupport {
    static func lines(access: String) -> [String] {
        let a = access
        return """
            // MARK: - JSON as PostgREST sends it

            /// Decoders and encoders for PostgREST's JSON: give them to supabase-swift
            /// (`SupabaseClientOptions(db: .init(encoder: PostgresJSON.encoder(), decoder: PostgresJSON.decoder()))`).
            /// Keys are mapped by each type's `CodingKeys`: set no key strategy.
            \(a)enum PostgresJSON {
                /// A decoder for rows: dates as PostgreSQL writes `timestamptz`, `timestamp` and `date` in JSON.
                \(a)static func decoder() -> JSONDecoder {
                    let decoder = JSONDecoder()
                    decoder.dateDecodingStrategy = dateDecodingStrategy
                    return decoder
                }

                /// An encoder for `Insert` and `Update` values: dates in UTC with microseconds, which
                /// PostgreSQL reads for `timestamptz`, `timestamp` and `date` columns.
                \(a)static func encoder() -> JSONEncoder {
                    let encoder = JSONEncoder()
                    encoder.dateEncodingStrategy = dateEncodingStrategy
                    return encoder
                }

                /// `2026-11-27T09:30:00.123456+00:00`, `2026-11-27T09:30:00+05:30`, `2026-11-27T09:30:00.5`, `2026-11-27`.
                \(a)static let dateDecodingStrategy = JSONDecoder.DateDecodingStrategy.custom { decoder in
                    let container = try decoder.singleValueContainer()
                    let text = try container.decode(String.self)
                    guard let date = date(from: text) else {
                        throw DecodingError.dataCorruptedError(
                            in: container, debugDescription: "\\(text) is not a date as PostgreSQL writes timestamptz, timestamp or date in JSON")
                    }
                    return date
                }

                /// `2026-11-27T09:30:00.123456+00:00`: UTC, always six fractional digits.
                \(a)static let dateEncodingStrategy = JSONEncoder.DateEncodingStrategy.custom { date, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode(text(from: date))
                }

                /// Parses what PostgreSQL's JSON output writes for `timestamptz`, `timestamp` and `date`
                /// (a time without an offset, and a date alone, are read as UTC); nil for anything else,
                /// including `infinity` and years before Christ.
                \(a)static func date(from text: String) -> Date? {
                    var scanner = Array(text.utf8)[...]
                    func number(_ digits: Int? = nil) -> Int? {
                        var value = 0
                        var count = 0
                        while let byte = scanner.first, byte >= 48, byte <= 57, count < (digits ?? 9) {
                            value = value * 10 + Int(byte - 48)
                            count += 1
                            scanner.removeFirst()
                        }
                        return count == 0 || (digits != nil && count != digits) ? nil : value
                    }
                    func skip(_ character: UInt8) -> Bool {
                        guard scanner.first == character else { return false }
                        scanner.removeFirst()
                        return true
                    }
                    guard let year = number(), skip(45), let month = number(2), skip(45), let day = number(2),
                        (1...12).contains(month), (1...31).contains(day)
                    else { return nil }
                    var seconds = Double(daysSince1970(year: year, month: month, day: day)) * 86_400
                    if scanner.isEmpty { return Date(timeIntervalSince1970: seconds) }
                    guard skip(84) || skip(32), let hour = number(2), skip(58), let minute = number(2), skip(58), let second = number(2)
                    else { return nil }
                    seconds += Double(hour * 3600 + minute * 60 + second)
                    if skip(46) {
                        var fraction = 0.0
                        var scale = 0.1
                        guard let first = scanner.first, first >= 48, first <= 57 else { return nil }
                        while let byte = scanner.first, byte >= 48, byte <= 57 {
                            fraction += Double(byte - 48) * scale
                            scale /= 10
                            scanner.removeFirst()
                        }
                        seconds += fraction
                    }
                    if skip(90) { return scanner.isEmpty ? Date(timeIntervalSince1970: seconds) : nil }
                    if let sign = scanner.first, sign == 43 || sign == 45 {
                        scanner.removeFirst()
                        guard let hours = number(2) else { return nil }
                        var offset = hours * 3600
                        if skip(58) {
                            guard let minutes = number(2) else { return nil }
                            offset += minutes * 60
                            if skip(58) {
                                guard let offsetSeconds = number(2) else { return nil }
                                offset += offsetSeconds
                            }
                        }
                        seconds -= Double(sign == 43 ? offset : -offset)
                    }
                    return scanner.isEmpty ? Date(timeIntervalSince1970: seconds) : nil
                }

                /// `2026-11-27T09:30:00.123456+00:00`.
                \(a)static func text(from date: Date) -> String {
                    let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
                    let (days, remainder) = floorDivision(microseconds, 86_400_000_000)
                    let (year, month, day) = civilDate(daysSince1970: Int(days))
                    let second = remainder / 1_000_000
                    func padded(_ value: Int64, _ width: Int) -> String {
                        let digits = String(value)
                        return String(repeating: "0", count: max(0, width - digits.count)) + digits
                    }
                    return "\\(padded(Int64(year), 4))-\\(padded(Int64(month), 2))-\\(padded(Int64(day), 2))T"
                        + "\\(padded(second / 3600, 2)):\\(padded(second / 60 % 60, 2)):\\(padded(second % 60, 2))"
                        + ".\\(padded(remainder % 1_000_000, 6))+00:00"
                }

                private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
                    let quotient = value / divisor
                    let remainder = value % divisor
                    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
                }

                // Days between 1970-01-01 and a date of the proleptic Gregorian calendar, and back
                // (Howard Hinnant's algorithms), so no calendar or time zone setting of the device matters.
                private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
                    let y = month <= 2 ? year - 1 : year
                    let era = (y >= 0 ? y : y - 399) / 400
                    let yearOfEra = y - era * 400
                    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
                    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
                    return era * 146_097 + dayOfEra - 719_468
                }

                private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
                    let z = days + 719_468
                    let era = (z >= 0 ? z : z - 146_096) / 146_097
                    let dayOfEra = z - era * 146_097
                    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
                    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
                    let shifted = (5 * dayOfYear + 2) / 153
                    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
                    let month = shifted < 10 ? shifted + 3 : shifted - 9
                    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
                }
            }

            /// A `jsonb` value: whatever JSON the column holds.
            \(a)enum JSONValue: Codable, Hashable, Sendable {
                case null
                case bool(Bool)
                case number(Double)
                case string(String)
                case array([JSONValue])
                case object([String: JSONValue])

                \(a)init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if container.decodeNil() {
                        self = .null
                    } else if let value = try? container.decode(Bool.self) {
                        self = .bool(value)
                    } else if let value = try? container.decode(Double.self) {
                        self = .number(value)
                    } else if let value = try? container.decode(String.self) {
                        self = .string(value)
                    } else if let value = try? container.decode([JSONValue].self) {
                        self = .array(value)
                    } else {
                        self = .object(try container.decode([String: JSONValue].self))
                    }
                }

                \(a)func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .null: try container.encodeNil()
                    case .bool(let value): try container.encode(value)
                    case .number(let value): try container.encode(value)
                    case .string(let value): try container.encode(value)
                    case .array(let value): try container.encode(value)
                    case .object(let value): try container.encode(value)
                    }
                }
            }
            """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
