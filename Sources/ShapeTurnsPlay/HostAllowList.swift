import Foundation

/// The names a request's `Host` may carry: the address the server listens on (every address of
/// the machine when it listens on all of them), loopback's names when it listens there, the
/// machine's own name, and the names given with `--host`. Anything else is a page of another
/// site whose name was pointed at this server (DNS rebinding), refused with 421.
package struct HostAllowList: Sendable {
    private let names: Set<String>

    /// The list for a server listening on `listenHost`, also taking `extraNames`.
    package init(listenHost: String, extraNames: [String] = []) {
        var names = Set(([listenHost] + extraNames).map(Self.normalised))
        let wildcard = listenHost == "0.0.0.0" || listenHost == "::" || listenHost.isEmpty
        if wildcard || ClassToken.isLoopback(listenHost) {
            names.formUnion(["localhost", "127.0.0.1", "::1"])
        }
        if wildcard {
            names.formUnion(Self.interfaceAddresses())
            if let machine = Self.machineName() {
                names.insert(machine)
                names.insert(machine + ".local")
            }
        }
        self.names = names
    }

    /// Whether `authority` (`host`, `host:port`, `[v6]:port`) names this server. A request
    /// without one (HTTP/1.0) is let through: browsers always send it.
    package func allows(_ authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return true }
        let host = Self.hostPart(of: authority)
        let name = Self.normalised(host)
        return names.contains(name) || (names.contains("127.0.0.1") && Self.isLoopbackIPv4(name))
    }

    /// Whether `name` is an IPv4 address in 127.0.0.0/8, written as four numbers.
    static func isLoopbackIPv4(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil
            }
    }

    static func hostPart(of authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        guard let colon = authority.lastIndex(of: ":"), authority.filter({ $0 == ":" }).count == 1 else {
            return authority
        }
        return String(authority[..<colon])
    }

    private static func normalised(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    private static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name.lowercased()
    }

    private static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(address, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            found.append(String(text.prefix { $0 != "%" }).lowercased())
        }
        return found
    }
}
