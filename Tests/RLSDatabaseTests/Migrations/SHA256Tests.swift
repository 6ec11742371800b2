import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("SHA-256")
struct SHA256Tests {
    @Test("FIPS 180-4 examples")
    func standardVectors() {
        #expect(SHA256.hexDigest(of: Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test(
        "Lengths around the 64-byte block and padding boundaries",
        arguments: [
            (55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
            (56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
            (63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
            (64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
            (65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"),
            (119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"),
            (1000, "44f8354494a5ba03ba1792a8d3e9c534c47a9181980fde7a3f44b06ef2ae7c7f"),
        ])
    func blockBoundaries(length: Int, expected: String) {
        #expect(SHA256.hexDigest(of: Array(String(repeating: "x", count: length).utf8)) == expected)
    }

    @Test("Multi-byte UTF-8 text hashes its bytes, as sha256sum does")
    func utf8() {
        #expect(SHA256.hexDigest(of: "café ü 🚲".utf8) == "0b8181da3ff4af4f871e06ca51ae36cd63332e0dcb887caf43ce8eb5c79251a2")
    }

    @Test("Feeding in pieces gives the same digest as feeding at once")
    func incremental() {
        var hasher = SHA256()
        hasher.update(Array(String(repeating: "x", count: 30).utf8))
        hasher.update(Array(String(repeating: "x", count: 89).utf8))
        let hex = hasher.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c")
        var byByte = SHA256()
        for _ in 0..<119 { byByte.update([UInt8(ascii: "x")]) }
        #expect(byByte.finalize() == hasher.finalize())
    }

    @Test("A string's own UTF-8, a non-contiguous sequence and an array of the same bytes agree")
    func contiguousAndNot() {
        let text = String(repeating: "row 1: lorem ipsum; ", count: 10_000)
        let expected = SHA256.hexDigest(of: Array(text.utf8))
        #expect(SHA256.hexDigest(of: text.utf8) == expected)
        #expect(SHA256.hexDigest(of: text.utf8.lazy.map { $0 }) == expected)
        #expect(expected == "925bc8a211c67039bd6d52a9ec064617a76a246ff4e4c767e79e4df4eda16f68")  // sha256sum
    }
}
