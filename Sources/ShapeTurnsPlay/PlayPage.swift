/// The game's page, script and style, served by `PlayServer` itself (offline: no CDN, nothing
/// inline, so the Content-Security-Policy can forbid everything else).
///
/// The screen is the tutorial's `GameView`: the `#7cbbf2` blue, "Score: N" above, two shapes side
/// by side (stacked in portrait, so a phone's screen is used; PNGs drawn by ShapeTurns'
/// renderers), answered by a press, a touch, ←/→ or A/B. The script (`PlayPage+Script.swift`)
/// runs the trial design and times each answer from the frame the shapes were painted to the
/// press (not the release).
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
        <main id="calibrate" class="panel" hidden>
          <h1>Match the card</h1>
          <p>Hold a bank card against the screen and resize the rectangle until it is the card's size.</p>
          <div id="card" role="img" aria-label="card-sized rectangle"></div>
          <p><button id="card-smaller" type="button" aria-label="smaller">−</button>
            <input id="card-size" type="range" min="120" max="1200" step="1" value="324" aria-label="card width">
            <button id="card-larger" type="button" aria-label="larger">+</button></p>
          <button id="card-done" class="primary" type="button">Done</button>
        </main>
        <main id="game" hidden>
          <p id="score" aria-live="polite">Score: 0</p>
          <div id="shapes">
            <button id="shape-a" class="shape" type="button" aria-label="Shape A (first, ← or A)"><img id="image-a" alt="shape A"><span class="mask"></span></button>
            <button id="shape-b" class="shape" type="button" aria-label="Shape B (second, → or B)"><img id="image-b" alt="shape B"><span class="mask"></span></button>
            <span id="fixation" aria-hidden="true" hidden>+</span>
          </div>
          <p id="feedback" aria-live="polite"></p>
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
        * { -webkit-tap-highlight-color: transparent; }
        body { background: #7cbbf2; color: #fff; font-family: system-ui, sans-serif;
          display: flex; align-items: center; justify-content: center; touch-action: manipulation;
          -webkit-user-select: none; user-select: none; -webkit-touch-callout: none; }
        [hidden] { display: none !important; }
        .panel { text-align: center; padding: 1.5rem; }
        h1 { font-size: 2rem; margin: 0 0 1rem; }
        label { display: block; font-size: 1.2rem; margin-bottom: .5rem; }
        input { font-size: 1.4rem; padding: .5rem; border-radius: .5rem; border: 0; width: 14rem; max-width: 80vw; }
        button { font-size: 1.4rem; }
        #start-button, .primary { display: block; margin: 1rem auto 0; padding: .5rem 2rem; border-radius: .5rem;
          border: 0; background: #fff; color: #1d6fb8; }
        #card { margin: 1rem auto; width: 324px; aspect-ratio: 85.6 / 53.98; border-radius: 4%;
          background: linear-gradient(135deg, #ffd36b, #f08a4b); box-shadow: 0 0 0 2px #fff; }
        #card-size { width: 50vw; vertical-align: middle; }
        #game { width: 100vw; height: 100vh; height: 100dvh; display: flex; flex-direction: column;
          align-items: center; justify-content: center; }
        #score { font-size: 2.2rem; font-weight: 600; margin: 0 0 1rem; }
        #shapes { position: relative; display: flex; flex-direction: row; gap: 4vw; justify-content: center;
          align-items: center; width: 100%; }
        .shape { position: relative; background: transparent; border: 0; padding: 0; cursor: pointer;
          width: min(44vw, 70vh); aspect-ratio: 1; outline: none; -webkit-appearance: none; appearance: none; }
        .shape img { width: 100%; height: 100%; display: block; visibility: hidden; pointer-events: none; }
        .shape.shown img { visibility: visible; }
        .shape:focus { outline: none; }
        .shape:focus-visible { outline: 3px solid #fff; border-radius: .5rem; }
        .mask { position: absolute; inset: 0; display: none; pointer-events: none;
          background: repeating-conic-gradient(#3d6f99 0 25%, #d6e9fa 0 50%) 0 0 / 12.5% 12.5%; }
        .shape.masked .mask { display: block; }
        .shape.masked img { visibility: hidden; }
        #fixation { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%);
          font-size: 4rem; font-weight: 300; line-height: 1; pointer-events: none; }
        #feedback { font-size: 1.6rem; margin: .6rem 0 0; }
        #feedback:empty { display: none; }
        #progress { margin: .6rem 0 0; opacity: .85; }
        .error { color: #7a0010; background: #fff; border-radius: .3rem; padding: 0 .4rem; }
        .error:empty { display: none; }
        a { color: #fff; }
        @media (orientation: portrait) {
          #score { font-size: 1.8rem; margin-bottom: .5rem; }
          #shapes { flex-direction: column; gap: 3vh; }
          .shape { width: min(88vw, 38vh); width: min(88vw, 38dvh); }
        }

        """
}
