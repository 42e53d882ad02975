import CLibCrypto
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// SHA-256 over bytes given in pieces, from OpenSSL's libcrypto: the checksum `manifest.json`
/// lists for every tar shard. The only place ShapeTurns touches libcrypto's pointers.
package final class SHA256Hasher {
    private let context: OpaquePointer?

    package init() {
        context = EVP_MD_CTX_new()
        if let context {
            EVP_DigestInit_ex(context, EVP_sha256(), nil)
        }
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The digest as 64 lowercase hex digits; `nil` when libcrypto could not allocate its state.
    package func finalHex() -> String? {
        guard let context else { return nil }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return nil }
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest.prefix(Int(length)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
