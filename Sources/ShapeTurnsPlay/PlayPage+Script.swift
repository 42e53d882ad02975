/// The game page's script (docs/play.md, "Timing"): each turn runs the trial design (blank
/// interval, fixation, shapes, mask after the stimulus duration, timeout), with the next turn's
/// images fetched and decoded during the interval and fixation, so none is drawn half-loaded.
///
/// Onset is the timestamp of the `requestAnimationFrame` callback in which the decoded images
/// are put on screen: the frame that paints them. The reaction time is the pressing event's
/// `timeStamp` (`pointerdown`, `touchstart` without pointer events, or `keydown`: the press, not
/// the release a `click` waits for) minus that onset, on the same clock as `performance.now()`.
/// A press leaves no focus ring or tap highlight behind.
extension PlayPage {
    static let script = """
        "use strict";
        (() => {
          const $ = (id) => document.getElementById(id);
          const query = new URLSearchParams(location.search);
          let session = null, design = null, turn = null, onset = null, accepting = false, busy = false;
          let timers = [], pxPerMm = null, first = true;

          async function call(method, path, body) {
            const response = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {},
              body: body ? JSON.stringify(body) : undefined });
            const data = await response.json().catch(() => ({}));
            if (!response.ok) throw new Error((data.error && data.error.message) || ("error " + response.status));
            return data;
          }
          const wait = (ms) => new Promise((resolve) => { if (ms > 0) timers.push(setTimeout(resolve, ms)); else resolve(); });
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          const iso = (ms) => new Date(performance.timeOrigin + ms).toISOString();
          function clearTimers() { timers.forEach(clearTimeout); timers = []; }

          function showScore(score) { $("score").textContent = design.feedback === "none" ? "" : "Score: " + score; }

          function preload(next) {
            return Promise.all(["a", "b"].map((label) => {
              const image = new Image();
              image.id = "image-" + label; image.alt = "shape " + label.toUpperCase(); image.src = next.images[label];
              return image.decode().then(() => image);
            }));
          }

          function hideShapes() {
            for (const label of ["a", "b"]) $("shape-" + label).classList.remove("shown", "masked");
          }

          async function run(next) {
            turn = next; onset = null; accepting = false; clearTimers();
            hideShapes();
            const images = preload(next);
            if (!first) await wait(design.itiMs);
            first = false;
            $("feedback").textContent = "";
            if (design.fixationMs > 0) { $("fixation").hidden = false; await wait(design.fixationMs); }
            const [a, b] = await images;
            if (turn !== next) return;
            const timestamp = await frame();
            $("image-a").replaceWith(a); $("image-b").replaceWith(b);
            $("fixation").hidden = true;
            $("shape-a").classList.add("shown"); $("shape-b").classList.add("shown");
            onset = timestamp; accepting = true;
            $("progress").textContent = (next.practice ? "Practice " : "Turn ") + next.number + " of " + next.of;
            document.body.dataset.turn = next.practice ? "practice-" + next.number : String(next.number);
            if (design.stimulusDurationMs) maskAfter(next, design.stimulusDurationMs);
            if (design.timeoutMs) timers.push(setTimeout(() => respond(null, "", performance.now()), design.timeoutMs));
          }

          async function maskAfter(shown, duration) {
            for (;;) {
              const timestamp = await frame();
              if (turn !== shown || !accepting) return;
              // Masked in the first frame at or past the duration, within half a frame.
              if (timestamp - onset >= duration - 8) break;
            }
            $("shape-a").classList.add("masked"); $("shape-b").classList.add("masked");
          }

          function context(input, at) {
            const size = $("shape-a").getBoundingClientRect().width;
            const shown = { input: input || undefined, shownAt: iso(onset), userAgent: navigator.userAgent.slice(0, 512),
              viewportWidth: window.innerWidth, viewportHeight: window.innerHeight,
              devicePixelRatio: window.devicePixelRatio, shapeCssPx: size };
            if (input) shown.answeredAt = iso(at);
            if (pxPerMm) { shown.pxPerMm = pxPerMm; shown.shapeMm = size / pxPerMm; }
            return shown;
          }

          async function respond(choice, input, at) {
            if (!accepting || busy || !turn || onset === null) return;
            accepting = false; busy = true; clearTimers();
            const rt = Math.max(0, at - onset);
            if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
            hideShapes();
            const answer = { turn: turn.number, rt, context: context(input, at) };
            if (choice) answer.choice = choice; else answer.timedOut = true;
            if (turn.practice) answer.practice = true;
            try {
              const reply = await call("POST", "/api/sessions/" + session.id + "/answers", answer);
              showScore(reply.score);
              if (design.feedback === "correct") $("feedback").textContent = !choice ? "Too slow" : reply.correct ? "Right" : "Wrong";
              $("game-error").textContent = "";
              busy = false;
              if (reply.finished) finish(reply); else await run(reply.next);
            } catch (error) {
              busy = false; accepting = true;
              $("game-error").textContent = error.message;
            }
          }

          // The press's own time: event.timeStamp is on performance.now()'s clock in every current
          // browser; a browser that gives an epoch time instead falls back to the handler's time.
          function pressTime(event) {
            const now = performance.now();
            return event.timeStamp > 0 && event.timeStamp <= now + 1 ? event.timeStamp : now;
          }

          function finish(reply) {
            turn = null; clearTimers();
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

          function calibrate() {
            return new Promise((resolve) => {
              $("calibrate").hidden = false;
              const card = $("card"), size = $("card-size");
              const set = (width) => { size.value = String(width); card.style.width = size.value + "px"; };
              size.addEventListener("input", () => set(Number(size.value)));
              $("card-smaller").addEventListener("click", () => set(Number(size.value) - 1));
              $("card-larger").addEventListener("click", () => set(Number(size.value) + 1));
              $("card-done").addEventListener("click", () => {
                pxPerMm = card.getBoundingClientRect().width / 85.6;
                $("calibrate").hidden = true;
                resolve();
              }, { once: true });
            });
          }

          function sizeShapes() {
            if (!pxPerMm) return;
            const side = design.shapeMm * pxPerMm + "px";
            for (const label of ["a", "b"]) $("shape-" + label).style.width = side;
          }

          $("name").value = query.get("name") || query.get("participant") || "";
          $("start-form").addEventListener("submit", async (event) => {
            event.preventDefault();
            const metadata = {};
            for (const [key, value] of query) if (key !== "name") metadata[key] = value;
            try {
              session = await call("POST", "/api/sessions", { name: $("name").value, metadata });
              design = session.design;
              $("start").hidden = true;
              if (design.calibrate) await calibrate();
              $("game").hidden = false;
              sizeShapes();
              showScore(session.score);
              await run(session.turn);
            } catch (error) { $("start-error").textContent = error.message; }
          });

          for (const label of ["a", "b"]) {
            const button = $("shape-" + label);
            if (window.PointerEvent) {
              button.addEventListener("pointerdown", (event) => {
                if (event.button > 0) return;
                event.preventDefault();
                respond(label, event.pointerType || "mouse", pressTime(event));
              });
            } else {
              button.addEventListener("touchstart", (event) => { event.preventDefault(); respond(label, "touch", pressTime(event)); },
                { passive: false });
              button.addEventListener("mousedown", (event) => { event.preventDefault(); respond(label, "mouse", pressTime(event)); });
            }
            // Enter or Space on a focused shape (a click with no pointer).
            button.addEventListener("click", (event) => { if (event.detail === 0) respond(label, "key", pressTime(event)); });
          }
          document.addEventListener("keydown", (event) => {
            if ($("game").hidden || event.repeat) return;
            const key = event.key.toLowerCase();
            if (key === "arrowleft" || key === "arrowup" || key === "a") { event.preventDefault(); respond("a", "key", pressTime(event)); }
            if (key === "arrowright" || key === "arrowdown" || key === "b") { event.preventDefault(); respond("b", "key", pressTime(event)); }
          });
        })();

        """
}
