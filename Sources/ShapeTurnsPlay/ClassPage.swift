/// The teacher's page at `/class`, its script and style, served by `PlayServer` like the game's
/// (offline, nothing inline, under the same Content-Security-Policy).
///
/// The list updates itself from `GET /class/events` (server-sent events, one JSON class list per
/// event, through the browser's `EventSource`, which reconnects by itself); names are set as
/// text, never as markup.
enum ClassPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Class — Tap the Larger Shape</title>
        <link rel="stylesheet" href="/class.css">
        <script src="/class.js" defer></script>
        </head>
        <body>
        <header>
          <h1>Class</h1>
          <p id="summary">Connecting…</p>
          <p><a id="gradebook" href="/class/gradebook.csv" download="gradebook.csv">Gradebook (CSV)</a></p>
        </header>
        <table id="players">
          <thead><tr><th scope="col" class="number">#</th><th scope="col">Name</th><th scope="col">Answered</th>
            <th scope="col" class="number">Score</th><th scope="col" class="number">Accuracy</th><th scope="col" class="estimate">Threshold ratio (95%)</th></tr></thead>
          <tbody id="rows"></tbody>
        </table>
        <p id="empty">No players yet: they join at this server's address.</p>
        <p id="status" role="status"></p>
        </body>
        </html>

        """

    static let style = """
        body { margin: 0; padding: 1.5rem; font-family: system-ui, sans-serif; background: #f4f8fc; color: #10324f; }
        header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 2rem; }
        h1 { margin: 0 0 .5rem; color: #1d6fb8; }
        header p { margin: 0 0 .5rem; }
        table { border-collapse: collapse; width: 100%; background: #fff; }
        th, td { text-align: left; padding: .45rem .8rem; border-bottom: 1px solid #d5e3f0; }
        th { background: #7cbbf2; color: #fff; }
        td.number, th.number { text-align: right; }
        tr.finished td { color: #557; }
        [hidden], table.fixed .estimate { display: none; }
        #status { color: #7a0010; }
        a { color: #1d6fb8; }

        """

    static let script = """
        "use strict";
        (() => {
          const $ = (id) => document.getElementById(id);
          const percent = (x) => (x * 100).toFixed(1) + "%";
          const ratio = (r) => r.toFixed(3);

          function cell(row, text, className) {
            const td = document.createElement("td");
            td.textContent = text;
            if (className) td.className = className;
            row.appendChild(td);
          }

          function render(list) {
            const adaptive = list.players.some((p) => p.estimate);
            $("players").classList.toggle("fixed", !adaptive);
            const rows = $("rows");
            rows.replaceChildren();
            for (const p of list.players) {
              const row = document.createElement("tr");
              if (p.finished) row.className = "finished";
              cell(row, String(p.number), "number");
              cell(row, p.name);
              cell(row, p.finished ? "done (" + p.answered + ")" : p.answered + " of " + p.turns);
              cell(row, String(p.score), "number");
              cell(row, p.accuracy === undefined || p.accuracy === null ? "—" : percent(p.accuracy), "number");
              const e = p.estimate;
              cell(row, e ? ratio(e.ratio) + (e.lowerRatio ? " (" + ratio(e.lowerRatio) + "–" + ratio(e.upperRatio) + ")" : "") : "—",
                "estimate");
              rows.appendChild(row);
            }
            $("empty").hidden = list.players.length > 0;
            const done = list.players.filter((p) => p.finished).length;
            $("summary").textContent = list.players.length + " playing or done, " + done + " finished · "
              + list.turns + " turns, " + list.strategy;
            $("status").textContent = "";
          }

          const feed = new EventSource("/class/events");
          feed.addEventListener("class", (event) => render(JSON.parse(event.data)));
          feed.addEventListener("error", () => { $("status").textContent = "Reconnecting to the server…"; });
        })();

        """
}
