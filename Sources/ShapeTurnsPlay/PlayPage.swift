/// The game's page, script and style, served by `PlayServer` itself (offline: no CDN, nothing
/// inline, so the Content-Security-Policy can forbid everything else).
///
/// The screen is the tutorial's `GameView`: the `#7cbbf2` blue, "Score: N" above, two shapes side
/// by side (PNGs drawn by ShapeTurns' renderers), answered by a tap, a click, ←/→ or A/B. The
/// reaction time runs from the frame the shapes were first painted (`requestAnimationFrame` after
/// both images decoded, `performance.now()`), as jsPsych measures it.
enum PlayPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <title>Tap the Larger Shape</title>
        <link rel="stylesheet" href="/play.css">
        <script src="/play.js" defer></script>
        </head>
        <body>
        <main id="start" class="panel">
          <h1>Tap the Larger Shape</h1>
          <form id="start-form">
            <label for="name">Your name</label>
            <input id="name" name="name" maxlength="64" autocomplete="off" required>
            <button id="start-button" type="submit">Play</button>
          </form>
          <p id="start-error" class="error" role="alert"></p>
        </main>
        <main id="game" hidden>
          <p id="score" aria-live="polite">Score: 0</p>
          <div id="shapes">
            <button id="shape-a" class="shape" type="button" aria-label="Shape A (left, ← or A)"><img id="image-a" alt="shape A"></button>
            <button id="shape-b" class="shape" type="button" aria-label="Shape B (right, → or B)"><img id="image-b" alt="shape B"></button>
          </div>
          <p id="progress"></p>
          <p id="game-error" class="error" role="alert"></p>
        </main>
        <main id="end" class="panel" hidden>
          <h1>Well played</h1>
          <p id="final-score"></p>
          <p id="final-accuracy"></p>
          <p id="final-threshold"></p>
          <p><a id="csv" download="answers.csv">Your answers (CSV)</a></p>
        </main>
        </body>
        </html>

        """

    static let style = """
        html, body { margin: 0; height: 100%; }
        body { background: #7cbbf2; color: #fff; font-family: system-ui, sans-serif;
          display: flex; align-items: center; justify-content: center; touch-action: manipulation;
          -webkit-user-select: none; user-select: none; }
        [hidden] { display: none !important; }
        .panel { text-align: center; padding: 1.5rem; }
        h1 { font-size: 2rem; margin: 0 0 1rem; }
        label { display: block; font-size: 1.2rem; margin-bottom: .5rem; }
        input { font-size: 1.4rem; padding: .5rem; border-radius: .5rem; border: 0; width: 14rem; max-width: 80vw; }
        button { font-size: 1.4rem; }
        #start-button { display: block; margin: 1rem auto 0; padding: .5rem 2rem; border-radius: .5rem; border: 0;
          background: #fff; color: #1d6fb8; }
        #game { width: 100vw; height: 100vh; display: flex; flex-direction: column; align-items: center;
          justify-content: center; }
        #score { font-size: 2.2rem; font-weight: 600; margin: 0 0 1rem; }
        #shapes { display: flex; flex-direction: row; gap: 4vw; justify-content: center; width: 100%; }
        .shape { background: transparent; border: 0; padding: 0; cursor: pointer; width: min(44vw, 70vh);
          aspect-ratio: 1; }
        .shape img { width: 100%; height: 100%; display: block; visibility: hidden; }
        .shape.shown img { visibility: visible; }
        .shape:focus-visible { outline: 3px solid #fff; border-radius: .5rem; }
        #progress { margin: 1rem 0 0; opacity: .85; }
        .error { color: #7a0010; background: #fff; border-radius: .3rem; padding: 0 .4rem; }
        .error:empty { display: none; }
        a { color: #fff; }

        """

    static let script = """
        "use strict";
        (() => {
          const $ = (id) => document.getElementById(id);
          let session = null, turn = null, shownAt = null, busy = false;

          async function call(method, path, body) {
            const response = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {},
              body: body ? JSON.stringify(body) : undefined });
            const data = await response.json().catch(() => ({}));
            if (!response.ok) throw new Error((data.error && data.error.message) || ("error " + response.status));
            return data;
          }

          function showScore(score) { $("score").textContent = "Score: " + score; }

          async function show(next) {
            turn = next; shownAt = null;
            const a = $("image-a"), b = $("image-b");
            $("shape-a").classList.remove("shown"); $("shape-b").classList.remove("shown");
            a.src = next.images.a; b.src = next.images.b;
            await Promise.all([a.decode(), b.decode()]);
            $("progress").textContent = "Turn " + next.number + " of " + next.of;
            $("shape-a").classList.add("shown"); $("shape-b").classList.add("shown");
            requestAnimationFrame(() => { shownAt = performance.now(); document.body.dataset.turn = String(next.number); });
          }

          async function choose(choice) {
            if (busy || !turn || shownAt === null) return;
            const rt = performance.now() - shownAt;
            busy = true;
            try {
              const reply = await call("POST", "/api/sessions/" + session.id + "/answers", { turn: turn.number, choice, rt });
              showScore(reply.score);
              if (reply.finished) finish(reply); else await show(reply.next);
              $("game-error").textContent = "";
            } catch (error) {
              $("game-error").textContent = error.message;
            } finally { busy = false; }
          }

          function finish(reply) {
            turn = null;
            $("game").hidden = true; $("end").hidden = false;
            $("final-score").textContent = "Score: " + reply.score;
            $("final-accuracy").textContent = "Right: " + Math.round(reply.accuracy * 100) + "%";
            if (reply.estimate) {
              const e = reply.estimate, pct = (r) => Math.round((r - 1) * 1000) / 10 + "%";
              $("final-threshold").textContent = "You can tell areas apart that differ by " + pct(e.ratio) +
                (e.lowerRatio ? " (95% interval " + pct(e.lowerRatio) + " to " + pct(e.upperRatio) + ")" : "");
            }
            $("csv").href = "/api/sessions/" + session.id + "/answers.csv";
            document.body.dataset.finished = "true";
          }

          $("start-form").addEventListener("submit", async (event) => {
            event.preventDefault();
            try {
              session = await call("POST", "/api/sessions", { name: $("name").value });
              $("start").hidden = true; $("game").hidden = false;
              showScore(session.score);
              await show(session.turn);
            } catch (error) { $("start-error").textContent = error.message; }
          });
          $("shape-a").addEventListener("click", () => choose("a"));
          $("shape-b").addEventListener("click", () => choose("b"));
          document.addEventListener("keydown", (event) => {
            if ($("game").hidden) return;
            const key = event.key.toLowerCase();
            if (key === "arrowleft" || key === "a") { event.preventDefault(); choose("a"); }
            if (key === "arrowright" || key === "b") { event.preventDefault(); choose("b"); }
          });
        })();

        """
}
