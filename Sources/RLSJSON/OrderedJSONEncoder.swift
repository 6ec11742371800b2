/// Turns an `Encodable` value into a ``JSONValue`` whose objects keep their keys in the order the
/// value's `encode(to:)` writes them (Foundation's `JSONEncoder` on Linux orders them by hash, so
/// its output changes from run to run). Every key written is kept: a nil written with
/// `encodeIfPresent` (as synthesised `Encodable` does for optionals) becomes `null`, so a key that
/// is sometimes absent is one the value's `encode(to:)` leaves out.
///
/// ```swift
/// struct Claims: Encodable { var sub: String; var role: String }
/// try OrderedJSONEncoder.value(Claims(sub: "a11ce…", role: "authenticated")).compactText
/// // {"sub":"a11ce…","role":"authenticated"}
/// ```
public enum OrderedJSONEncoder {
    /// `value` as JSON.
    public static func value(_ value: some Encodable) throws -> JSONValue {
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.value
    }

    /// What one encoder wrote, filled in as its containers are used.
    fileprivate final class Node {
        enum Content {
            case empty
            case single(JSONValue)
            case object([(String, Node)])
            case array([Node])
        }
        var content = Content.empty

        var value: JSONValue {
            switch content {
            case .empty: .object([])
            case .single(let value): value
            case .object(let pairs): .object(pairs.map { ($0.0, $0.1.value) })
            case .array(let items): .array(items.map(\.value))
            }
        }

        func appendPair(_ key: String) -> Node {
            let child = Node()
            if case .object(var pairs) = content {
                pairs.append((key, child))
                content = .object(pairs)
            } else {
                content = .object([(key, child)])
            }
            return child
        }

        func appendItem() -> Node {
            let child = Node()
            if case .array(var items) = content {
                items.append(child)
                content = .array(items)
            } else {
                content = .array([child])
            }
            return child
        }

        /// `value` as a JSON scalar, or nil when it is not one of the scalar types.
        static func scalar(_ value: some Encodable) -> JSONValue? {
            switch value {
            case let text as String: .string(text)
            case let flag as Bool: .bool(flag)
            case let number as Int: .integer(number)
            case let number as Double: .number(number)
            default: nil
            }
        }

        func encode(_ value: some Encodable, codingPath: [any CodingKey]) throws {
            if let scalar = Self.scalar(value) {
                content = .single(scalar)
            } else {
                try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
            }
        }
    }

    fileprivate struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.content {} else { node.content = .object([]) }
            return KeyedEncodingContainer(Keyed(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.content {} else { node.content = .array([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    fileprivate struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.appendPair(key.stringValue).content = .single(.null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try node.appendPair(key.stringValue).encode(value, codingPath: codingPath + [key])
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }

        private mutating func encodeOptional(_ value: (some Encodable)?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
            NestedKey
        > {
            NodeEncoder(node: node.appendPair(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.appendPair(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendPair("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NodeEncoder(node: node.appendPair(key.stringValue), codingPath: codingPath + [key])
        }
    }

    fileprivate struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { if case .array(let items) = node.content { items.count } else { 0 } }

        mutating func encodeNil() throws { node.appendItem().content = .single(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.appendItem().encode(value, codingPath: codingPath) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.appendItem(), codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.appendItem(), codingPath: codingPath).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendItem(), codingPath: codingPath) }
    }

    fileprivate struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .single(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.encode(value, codingPath: codingPath) }
    }
}
