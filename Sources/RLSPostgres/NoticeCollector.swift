internal import CLibPQ
import RLSWords

/// Receives libpq's notices for one connection.
///
/// libpq calls back through a C function pointer that cannot capture context, so the connection
/// passes this object as the callback's `arg` (unretained: the connection owns it and calls
/// `PQfinish` before releasing it, after which libpq never calls back).
final class NoticeCollector {
    var notices: [DatabaseNotice] = []
    var scrub: (String) -> String = { $0 }

    func install(on connection: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        PQsetNoticeReceiver(
            connection,
            { context, result in
                guard let context, let result else { return }
                let collector = Unmanaged<NoticeCollector>.fromOpaque(context).takeUnretainedValue()
                collector.receive(result)
            }, context)
    }

    private func receive(_ result: OpaquePointer) {
        func field(_ code: UInt8) -> String? {
            guard let pointer = PQresultErrorField(result, Int32(code)) else { return nil }
            return scrub(String(cString: pointer))
        }
        notices.append(
            DatabaseNotice(
                severity: field(UInt8(ascii: "V")) ?? field(UInt8(ascii: "S")) ?? "NOTICE",
                state: field(UInt8(ascii: "C")).map(SQLState.init(rawValue:)),
                message: field(UInt8(ascii: "M")) ?? "",
                detail: field(UInt8(ascii: "D")),
                hint: field(UInt8(ascii: "H"))
            ))
    }
}
