import Foundation

/// Finds an object that names a key twice in a JSON text (`{"turn":1,"turn":2}`), which
/// Foundation's decoder would take silently (one of the values winning); the API refuses such a
/// body (400). Keys are compared as decoded, so `"\u0074urn"` is `"turn"`. Text that is not JSON
/// is left to the decoder to refuse.
enum DuplicateKeyCheck {
    private struct Level {
        let isObject: Bool
        var keys: Set<String> = []
        var expectsKey: Bool
    }

    /// The first key named twice in one object of `bytes`, or nil.
    static func duplicateKey(in bytes: some Collection<UInt8>) -> String? {
        let bytes = Array(bytes)
        var levels: [Level] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                levels.append(Level(isObject: true, expectsKey: true))
            case UInt8(ascii: "["):
                levels.append(Level(isObject: false, expectsKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = levels.popLast()
            case UInt8(ascii: ","):
                if let last = levels.indices.last, levels[last].isObject { levels[last].expectsKey = true }
            case UInt8(ascii: "\""):
                let end = endOfString(in: bytes, from: index)
                if let last = levels.indices.last, levels[last].isObject, levels[last].expectsKey {
                    let key = decodedString(Array(bytes[index..<min(end, bytes.count)]))
                    guard levels[last].keys.insert(key).inserted else { return key }
                    levels[last].expectsKey = false
                }
                index = end
                continue
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index just past the string that opens at `start`'s quote.
    private static func endOfString(in bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    private static func decodedString(_ token: [UInt8]) -> String {
        let inner = token.dropFirst().dropLast()
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: Data(token))) ?? String(decoding: token, as: UTF8.self)
    }
}
