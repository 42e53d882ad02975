import Foundation
import Testing

/// The real server with junk on the wire (not HTTP, torn requests, lying lengths, huge headers,
/// connections left open) sent by another process while a player plays: the game goes on, its
/// record scores to what the page said, and Ctrl-C still stops the server cleanly.
@Suite("shapeturns play: junk on the wire", .slow)
struct PlayJunkOnTheWireTests {
    /// Python (standard library only): sends junk connections to PORT until the file STOP exists.
    static let junkSender = #"""
        import os, socket, sys, time
        port, stop = int(sys.argv[1]), sys.argv[2]
        junk = [
            b"\x00\x01\x02\xff" * 64,
            b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-Junk: " + b"j" * 200000 + b"\r\n\r\n",
            b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"name\":",
            b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n{\"name\": \"Mallory\"}",
            b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            b"GET /api/sessions/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
            b"BREW /coffee HTCPCP/1.0\r\n\r\n",
            b"GET / HTTP/1.1\r\n",
        ]
        sent, held = 0, []
        while not os.path.exists(stop) or sent < len(junk):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=2)
                s.sendall(junk[sent % len(junk)])
                if sent % 5 == 4 and len(held) < 20:
                    held.append(s)  # left open, half a request sent
                else:
                    try:
                        s.recv(4096)
                    except OSError:
                        pass
                    s.close()
            except OSError:
                pass
            sent += 1
        for s in held:
            s.close()
        print(sent)
        """#

    @Test func aGameGoesOnWhileJunkArrives() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let server = try PlayServerProcess([
            "--out", records.path, "--size", "32", "--turns", "12", "--strategy", "quest",
        ])
        let port = try #require(server.base.split(separator: ":").last.map(String.init))
        let stop = folder.url.appendingPathComponent("stop")
        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        sender.arguments = ["-c", Self.junkSender, port, stop.path]
        let output = Pipe()
        sender.standardOutput = output
        try sender.run()

        let (id, last) = try PlayRecordScoreTests.play(server, name: "Ada")
        try Data().write(to: stop)
        sender.waitUntilExit()
        let sent =
            Int(
                String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(sent >= 8, "junk connections sent while Ada played: \(sent)")
        #expect(last["finished"] as? Bool == true)

        // Still serving after the junk, and only Ada's record was written.
        _ = try server.json("/api/sessions", method: "POST", body: "{\"name\": \"Bo\"}", status: 201)
        #expect(server.stop() == 0, "Ctrl-C stops the server cleanly")
        // Besides it only the class's trials written at the stop (and the output policy's record).
        let names = try FileManager.default.contentsOfDirectory(atPath: records.path)
        #expect(Set(names) == ["session-\(id).jsonl", "trials.csv", ".shapeturns-files"])
        let scored = try ShapeTurnsBinary.run(["score", "--responses", records.path + "/session-\(id).jsonl", "--json"])
        #expect(scored.status == 0, "\(scored.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any])
        #expect(report["total"] as? Int == last["score"] as? Int)
        #expect(report["turnCount"] as? Int == 12)
        #expect(report["estimate"] as? [String: Double] == last["estimate"] as? [String: Double])
    }
}
