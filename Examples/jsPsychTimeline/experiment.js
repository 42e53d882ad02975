// The experiment: instructions, the turns of one ShapeTurns game dealt by a `shapeturns play`
// server on another origin through its JSON API (docs/play.md), and a debrief with the score.
// Serve this folder from any web server and start the game server with that origin allowed:
//
//   shapeturns play --port 8080 --allow-origin http://127.0.0.1:8000 --out results
//   python3 -m http.server 8000 --bind 127.0.0.1 --directory Examples/jsPsychTimeline
//   open http://127.0.0.1:8000/?server=http://127.0.0.1:8080&participant=P01&condition=A
//
// Every query parameter but `server` goes to the session's metadata, kept on every record line.
"use strict";
(() => {
  const query = new URLSearchParams(location.search);
  const server = (query.get("server") || "http://127.0.0.1:8080").replace(/\/$/, "");
  const metadata = {};
  for (const [key, value] of query) if (key !== "server") metadata[key] = value;
  const { frame, wait, press } = window.timelineTiming;
  let session = null, next = null, last = null;

  async function api(method, path, body) {
    const response = await fetch(server + path, { method, headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined });
    const reply = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((reply.error && reply.error.message) || "error " + response.status);
    return reply;
  }

  // Plugins: (display, trial, timeline) => data.
  async function instructions(display, trial) {
    display.innerHTML = "";
    for (const text of trial.pages) {
      const paragraph = document.createElement("p");
      paragraph.textContent = text;
      display.append(paragraph);
    }
    const started = performance.now();
    const pressed = await press({ " ": "space" }, new Map());
    return { rt: pressed.timeStamp - started };
  }

  async function shapeturnsTurn(display, trial) {
    const turn = next;
    const images = await Promise.all(["a", "b"].map(async (label) => {
      const image = new Image();
      image.alt = "shape " + label;
      image.src = server + turn.images[label];
      await image.decode();
      return image;
    }));
    display.innerHTML = '<p class="fixation">+</p>';
    await wait(trial.fixation);
    const stimuli = document.createElement("div");
    stimuli.className = "stimuli";
    stimuli.append(...images);
    const onset = await frame();
    display.replaceChildren(stimuli);
    const pressed = await press({ f: "a", arrowleft: "a", j: "b", arrowright: "b" },
      new Map([[images[0], "a"], [images[1], "b"]]));
    const rt = pressed.timeStamp - onset;
    const shapeCssPx = images[0].getBoundingClientRect().width;
    display.innerHTML = "";
    last = await api("POST", "/api/sessions/" + session.id + "/answers", { turn: turn.number, choice: pressed.response,
      rt, practice: turn.practice, context: { input: pressed.input, viewportWidth: innerWidth, viewportHeight: innerHeight,
        devicePixelRatio, shapeCssPx,
        userAgent: navigator.userAgent.slice(0, 512) } });
    next = last.next;
    return { turn: turn.number, practice: Boolean(turn.practice), response: pressed.response, rt, correct: last.correct, score: last.score };
  }

  async function debrief(display, trial, timeline) {
    const turns = timeline.data.filter((row) => row.turn !== undefined && !row.practice);
    const right = turns.filter((row) => row.correct).length;
    display.innerHTML = "";
    for (const text of ["Thank you!", "Score: " + last.score, "Right: " + right + " of " + turns.length]) {
      const paragraph = document.createElement("p");
      paragraph.textContent = text;
      display.append(paragraph);
    }
    document.body.dataset.finished = "true";
    return { score: last.score, right };
  }

  async function start(display) {
    session = await api("POST", "/api/sessions", { name: metadata.participant || "anonymous", metadata });
    next = session.turn;
    display.textContent = "";
    return { session: session.id };
  }

  const timeline = initTimeline({ onFinish: (data) => { window.timelineData = data; } });
  timeline.run([
    { type: instructions, pages: ["Which shape is larger?", "Press F (or ←) for the first shape, J (or →) for the second.",
      "Press the space bar to begin."] },
    { type: start },
    { timeline: [{ type: shapeturnsTurn, fixation: 500, data: { task: "shapeturns" } }],
      repeat: () => next !== null && next !== undefined },
    { type: debrief },
  ]).catch((error) => {
    document.getElementById("display").textContent = "Error: " + error.message;
    document.body.dataset.error = error.message;
  });
})();
