import PixelDiff
import ShapeTurnsCore

/// The report page's HTML, style and script: one static page, no network, that renders the
/// embedded JSON (`<script type="application/json" id="report-data">`) in the browser.
///
/// Every image gets a row (status, path, reason) at once, so the page lists every failing path
/// as soon as it loads; the pictures of a row are built only when it scrolls near the viewport,
/// and the browser loads them lazily, so thousands of images open quickly.
///
/// Each picture is drawn over the comparison's background: pixelmatch 7's checkerboard is made
/// per image size in a canvas with pixelmatch's own arithmetic (JavaScript, as pixelmatch is),
/// or white when the comparison blended onto white.
package enum HTMLReportPage {
    package static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="shapeturns compare --report">
        <title>ShapeTurns compare report</title>
        <style>
        :root { --passed: #1a7f37; --changed: #cf222e; --new: #9a6700; --missing: #8250df; --line: #d0d7de; --muted: #57606a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1f2328; background: #f6f8fa; }
        header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line); padding: 12px 20px; }
        h1 { font-size: 18px; margin: 0 0 4px; }
        .folders { color: var(--muted); font-size: 12px; word-break: break-all; }
        .bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 10px; }
        .bar .group { display: inline-flex; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
        .bar button { font: inherit; border: 0; border-right: 1px solid var(--line); background: #fff; padding: 4px 10px; cursor: pointer; }
        .bar button:last-child { border-right: 0; }
        .bar button[aria-pressed="true"] { background: #0969da; color: #fff; }
        .bar input[type=search] { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; min-width: 16em; }
        .count { font-weight: 600; }
        .verdict { font-weight: 600; margin-left: 8px; }
        .verdict.fail { color: var(--changed); } .verdict.ok { color: var(--passed); }
        main { padding: 12px 20px 40px; }
        .empty { color: var(--muted); padding: 24px 0; }
        .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; margin: 0 0 12px; scroll-margin-top: 230px; }
        .card.current { outline: 3px solid #0969da; outline-offset: 1px; }
        .meta { color: var(--muted); font-size: 12px; margin-top: 2px; }
        #overview { display: flex; gap: 6px; overflow-x: auto; padding: 8px 0 2px; }
        #overview[hidden] { display: none; }
        .thumb { flex: none; border: 2px solid var(--line); border-radius: 4px; padding: 0; background: #fff; cursor: pointer; line-height: 0; }
        .thumb[hidden] { display: none; }
        .thumb img { height: 48px; width: auto; max-width: 96px; object-fit: contain; image-rendering: auto; }
        .thumb.changed { border-color: var(--changed); } .thumb.new { border-color: var(--new); } .thumb.missing { border-color: var(--missing); }
        .thumb[aria-current="true"] { outline: 3px solid #0969da; }
        .card[hidden] { display: none; }
        .card > .title { display: flex; gap: 10px; align-items: baseline; padding: 8px 12px; flex-wrap: wrap; }
        .badge { font-size: 12px; font-weight: 600; color: #fff; border-radius: 10px; padding: 1px 8px; text-transform: uppercase; }
        .badge.passed { background: var(--passed); } .badge.changed { background: var(--changed); }
        .badge.new { background: var(--new); } .badge.missing { background: var(--missing); }
        .path { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-weight: 600; word-break: break-all; }
        .reason { color: var(--muted); }
        .card.passed > .title { padding: 4px 12px; }
        .view { border-top: 1px solid var(--line); padding: 10px 12px; min-height: 120px; }
        .view.pending { min-height: 240px; }
        .modes { display: flex; gap: 6px; margin-bottom: 8px; }
        .modes button { font: inherit; font-size: 12px; border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 2px 8px; cursor: pointer; }
        .modes button[aria-pressed="true"] { background: #eaeef2; font-weight: 600; }
        .side { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 10px; }
        figure { margin: 0; min-width: 0; }
        figcaption { font-size: 12px; color: var(--muted); margin-bottom: 4px; }
        .frame { overflow: auto; max-height: 80vh; max-width: 100%; width: fit-content; background: #fff; border: 1px solid var(--line); padding: 5px; }
        .frame img { display: block; image-rendering: pixelated; background-size: 100% 100%; background-repeat: no-repeat; }
        body:not(.fit) .frame img { width: calc(var(--w) * var(--zoom, 1)); height: auto; }
        figcaption a, .captions a { color: #0969da; }
        .captions { font-size: 12px; color: var(--muted); margin-bottom: 4px; }
        .pic { position: relative; display: inline-block; line-height: 0; vertical-align: top; }
        body.fit .frame img, body.fit .stack, body.fit .pic { width: 100%; height: auto; }
        .region { position: absolute; pointer-events: none; z-index: 1; }
        .region::before { content: ""; position: absolute; inset: -1px; box-shadow: 0 0 0 1px #fff, 0 0 0 3px #0969da, 0 0 0 4px #fff; }
        .regions-off .region { display: none; }
        .stack-view { max-width: calc((100% - 20px) / 3 * 2); }
        body:not(.fit) .stack-view { max-width: none; }
        .stack { position: relative; display: inline-block; line-height: 0; vertical-align: top; }
        .stack img.top { position: absolute; left: 0; top: 0; }
        body.fit .stack img { width: 100%; height: auto; }
        body.fit .frame { width: auto; }
        .swipe img.top { clip-path: inset(-1px -1px -1px var(--cut, 50%)); }
        .swipe .handle { position: absolute; top: 0; bottom: 0; left: var(--cut, 50%); width: 2px; background: #0969da; pointer-events: none; z-index: 2; }
        .swipe input[type=range] { width: 100%; margin: 6px 0 0; }
        .onion img.top { opacity: var(--opacity, 0.5); }
        .onion input[type=range] { width: 100%; margin: 6px 0 0; }
        .diff-only { max-width: calc((100% - 20px) / 3 * 2); }
        body:not(.fit) .diff-only { max-width: none; }
        .blink img.top { animation: blink 1.2s steps(1) infinite; }
        .blink.paused img.top { animation: none; opacity: 1; }
        .blink.paused.showing-expected img.top { opacity: 0; }
        @keyframes blink { 0% { opacity: 0; } 50% { opacity: 1; } }
        .hint { font-size: 12px; color: var(--muted); margin-top: 4px; }
        </style>
        </head>
        <body class="fit">
        <header>
        <h1>ShapeTurns compare report <span id="verdict" class="verdict"></span></h1>
        <div class="folders" id="folders"></div>
        <div class="meta" id="meta"></div>
        <div class="bar">
        <span class="group" id="filters" role="group" aria-label="Filter by status"></span>
        <input type="search" id="search" placeholder="Filter by path" aria-label="Filter by path">
        <span class="group" role="group" aria-label="View">
        <button data-mode="side" aria-pressed="true">Side by side</button><button data-mode="diff" aria-pressed="false">Diff</button><button data-mode="swipe" aria-pressed="false">Swipe</button><button data-mode="onion" aria-pressed="false">Onion skin</button><button data-mode="blink" aria-pressed="false">Blink</button>
        </span>
        <span class="group" role="group" aria-label="Zoom">
        <button data-zoom="fit" aria-pressed="true">Fit width</button><button data-zoom="actual" aria-pressed="false">1:1</button><button data-zoom="2" aria-pressed="false">2x</button><button data-zoom="4" aria-pressed="false">4x</button><button data-zoom="8" aria-pressed="false">8x</button>
        </span>
        <span class="group" role="group" aria-label="Boxes">
        <button id="regions" aria-pressed="true" title="Boxes around the changed regions">Boxes</button>
        </span>
        <span class="hint">Keys: n or &rarr; next, p or &larr; previous</span>
        </div>
        <nav id="overview" aria-label="Overview of the failing images"></nav>
        </header>
        <main id="list"><p class="empty" id="empty" hidden>No images match the filter.</p></main>

        """

    package static let script = """

        <script>
        "use strict";
        (function () {
          var data = JSON.parse(document.getElementById("report-data").textContent);
          var statuses = ["changed", "new", "missing", "passed"];
          var failing = { changed: true, missing: true, "new": !data.allowNew, passed: false };
          var state = { filter: null, search: "", mode: "side" };
          var list = document.getElementById("list");
          var empty = document.getElementById("empty");

          function el(tag, attributes, text) {
            var node = document.createElement(tag);
            for (var key in attributes) { node.setAttribute(key, attributes[key]); }
            if (text !== undefined) { node.textContent = text; }
            return node;
          }
          function url(role, path) {
            return "images/" + role + "/" + path.split("/").map(encodeURIComponent).join("/");
          }
          // pixelmatch 7's background under a semi-transparent pixel (its drawPixel/blend rule):
          // per pixel, red 48, green and blue 48 or 207 from the byte offset divided by phi and phi squared.
          var backgrounds = {};
          function checkerboard(width, height) {
            var key = width + "x" + height;
            if (backgrounds[key] !== undefined) { return backgrounds[key]; }
            var result = null;
            if (width * height <= 16777216) {
              var canvas = document.createElement("canvas");
              canvas.width = width;
              canvas.height = height;
              var context = canvas.getContext("2d");
              var pixels = context.createImageData(width, height);
              var bytes = pixels.data;
              for (var i = 0; i < width * height; i += 1) {
                var offset = i * 4;
                bytes[offset] = 48 + 159 * (offset % 2);
                bytes[offset + 1] = 48 + 159 * (((offset / 1.618033988749895) | 0) % 2);
                bytes[offset + 2] = 48 + 159 * (((offset / 2.618033988749895) | 0) % 2);
                bytes[offset + 3] = 255;
              }
              context.putImageData(pixels, 0, 0);
              result = canvas.toDataURL("image/png");
            }
            backgrounds[key] = result;
            return result;
          }
          function backdrop(node) {
            function apply() {
              node.style.setProperty("--w", node.naturalWidth + "px");
              if (!data.checkerboard) { node.style.backgroundColor = "#fff"; return; }
              var background = node.naturalWidth > 0 ? checkerboard(node.naturalWidth, node.naturalHeight) : null;
              if (background) { node.style.backgroundImage = "url(" + background + ")"; }
              else { node.style.backgroundColor = "rgb(128,128,128)"; }
            }
            if (node.complete && node.naturalWidth > 0) { apply(); } else { node.addEventListener("load", apply); }
            return node;
          }
          function img(attributes) {
            return backdrop(el("img", attributes));
          }
          function addRegions(container, image) {
            if (!image.regions) { return; }
            var regions = image.regions;
            regions.boxes.forEach(function (box) {
              var region = el("div", { "class": "region", title: box.width + "\\u00d7" + box.height + " at " + box.x + "," + box.y });
              region.style.left = (100 * box.x / regions.width) + "%";
              region.style.top = (100 * box.y / regions.height) + "%";
              region.style.width = (100 * box.width / regions.width) + "%";
              region.style.height = (100 * box.height / regions.height) + "%";
              container.appendChild(region);
            });
          }
          // "Expected 1280×9000 px · raw file": the size once the picture has loaded, and a link to
          // the copy of the file as it was compared.
          function caption(node, role, image, name, picture) {
            node.appendChild(document.createTextNode(name + " "));
            var size = el("span", { "class": "size", "data-role": role });
            node.appendChild(size);
            function show() { size.textContent = picture.naturalWidth + "\\u00d7" + picture.naturalHeight + " px"; }
            if (picture.complete && picture.naturalWidth > 0) { show(); } else { picture.addEventListener("load", show); }
            node.appendChild(document.createTextNode(" \\u00b7 "));
            node.appendChild(el("a", { href: url(role, image.path), "class": "raw", "data-role": role }, "raw file"));
            return node;
          }
          function picture(role, image, name) {
            var figure = el("figure");
            var shown = img({ src: url(role, image.path), alt: name + ": " + image.path, loading: "lazy", decoding: "async" });
            figure.appendChild(caption(el("figcaption"), role, image, name, shown));
            var frame = el("div", { "class": "frame" });
            var holder = el("div", { "class": "pic" });
            holder.appendChild(shown);
            addRegions(holder, image);
            frame.appendChild(holder);
            figure.appendChild(frame);
            return figure;
          }
          function stack(image, kind) {
            var box = el("div", { "class": "stack " + kind });
            var bottom = img({ src: url("expected", image.path), alt: "expected: " + image.path, decoding: "async" });
            var top = img({ "class": "top", src: url("actual", image.path), alt: "actual: " + image.path, decoding: "async" });
            box.appendChild(bottom);
            box.appendChild(top);
            addRegions(box, image);
            var captions = el("div", { "class": "captions" });
            caption(captions, "expected", image, "Expected", bottom);
            captions.appendChild(document.createTextNode(" \\u00b7 "));
            caption(captions, "actual", image, "Actual", top);
            var frame = el("div", { "class": "frame" });
            frame.appendChild(box);
            var holder = el("div", { "class": "stack-view" });
            holder.appendChild(captions);
            holder.appendChild(frame);
            return { box: box, frame: holder };
          }

          function renderView(view, image, mode) {
            view.textContent = "";
            view.classList.remove("pending");
            if (image.status !== "changed" || !image.expected || !image.actual) {
              var parts = [];
              if (image.expected) { parts.push(picture("expected", image, "Expected")); }
              if (image.actual) { parts.push(picture("actual", image, "Actual")); }
              var only = el("div", { "class": "side" });
              parts.forEach(function (part) { only.appendChild(part); });
              view.appendChild(only);
              return;
            }
            var modes = el("div", { "class": "modes", role: "group", "aria-label": "View of " + image.path });
            [["side", "Side by side"], ["diff", "Diff"], ["swipe", "Swipe"], ["onion", "Onion skin"], ["blink", "Blink"]].forEach(function (pair) {
              var button = el("button", { "data-card-mode": pair[0], "aria-pressed": String(pair[0] === mode) }, pair[1]);
              button.addEventListener("click", function () { renderView(view, image, pair[0]); });
              modes.appendChild(button);
            });
            view.appendChild(modes);
            if (mode === "swipe") {
              var swipe = stack(image, "swipe");
              var handle = el("div", { "class": "handle" });
              swipe.box.appendChild(handle);
              var slider = el("input", { type: "range", min: "0", max: "100", value: "50", "aria-label": "Swipe between expected (left) and actual (right)" });
              slider.addEventListener("input", function () { swipe.box.style.setProperty("--cut", slider.value + "%"); });
              view.appendChild(swipe.frame);
              view.appendChild(slider);
              view.appendChild(el("div", { "class": "hint" }, "Left of the line: expected; right: actual."));
            } else if (mode === "onion") {
              var onion = stack(image, "onion");
              var opacity = el("input", { type: "range", min: "0", max: "100", value: "50", "aria-label": "Opacity of the actual image over the expected one" });
              opacity.addEventListener("input", function () { onion.box.style.setProperty("--opacity", String(opacity.value / 100)); });
              view.appendChild(onion.frame);
              view.appendChild(opacity);
              view.appendChild(el("div", { "class": "hint" }, "The actual image over the expected one; the slider sets its opacity (0: expected only, 100: actual only)."));
            } else if (mode === "diff" && image.diff) {
              var only = el("div", { "class": "diff-only" });
              only.appendChild(picture("diff", image, "Diff"));
              view.appendChild(only);
            } else if (mode === "blink") {
              var blink = stack(image, "blink");
              blink.box.addEventListener("click", function () {
                var box = blink.box;
                if (!box.classList.contains("paused")) { box.classList.add("paused", "showing-expected"); }
                else { box.classList.toggle("showing-expected"); }
                hint.textContent = box.classList.contains("showing-expected") ? "Showing expected; click for actual." : "Showing actual; click for expected.";
              });
              var hint = el("div", { "class": "hint" }, "Blinking between expected and actual; click the image to toggle by hand.");
              view.appendChild(blink.frame);
              view.appendChild(hint);
            } else {
              var side = el("div", { "class": "side" });
              side.appendChild(picture("expected", image, "Expected"));
              side.appendChild(picture("actual", image, "Actual"));
              if (image.diff) { side.appendChild(picture("diff", image, "Diff")); }
              view.appendChild(side);
            }
          }

          var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
            entries.forEach(function (entry) {
              if (!entry.isIntersecting) { return; }
              observer.unobserve(entry.target);
              var card = entry.target;
              renderView(card.querySelector(".view"), data.images[Number(card.dataset.index)], state.mode);
            });
          }, { rootMargin: "800px 0px" }) : null;

          var cards = [];
          var fragment = document.createDocumentFragment();
          data.images.forEach(function (image, index) {
            var card = el("section", { "class": "card " + image.status, "data-path": image.path, "data-status": image.status, "data-index": String(index) });
            var title = el("div", { "class": "title" });
            title.appendChild(el("span", { "class": "badge " + image.status }, image.status));
            title.appendChild(el("span", { "class": "path" }, image.path));
            title.appendChild(el("span", { "class": "reason" }, image.reason));
            card.appendChild(title);
            if (image.expected || image.actual) {
              card.appendChild(el("div", { "class": "view pending" }));
            }
            cards.push(card);
            fragment.appendChild(card);
          });
          list.appendChild(fragment);

          // The overview: a thumbnail per image with pictures (its diff, else the copy there is),
          // in the list's order; a click or the keys step through the rows the filter shows.
          var overview = document.getElementById("overview");
          var thumbs = data.images.map(function (image, index) {
            var role = image.diff ? "diff" : image.actual ? "actual" : image.expected ? "expected" : null;
            if (!role) { return null; }
            var thumb = el("button", { "class": "thumb " + image.status, title: image.status + ": " + image.path, "data-index": String(index), "aria-current": "false" });
            thumb.appendChild(img({ src: url(role, image.path), alt: image.path, loading: "lazy", decoding: "async" }));
            thumb.addEventListener("click", function () { go(index); });
            overview.appendChild(thumb);
            return thumb;
          });
          var current = -1;
          function go(index) {
            if (current >= 0) {
              cards[current].classList.remove("current");
              if (thumbs[current]) { thumbs[current].setAttribute("aria-current", "false"); }
            }
            current = index;
            cards[index].classList.add("current");
            cards[index].scrollIntoView({ block: "start" });
            if (thumbs[index]) {
              thumbs[index].setAttribute("aria-current", "true");
              thumbs[index].scrollIntoView({ block: "nearest", inline: "nearest" });
            }
          }
          function step(direction) {
            for (var index = current + direction; index >= 0 && index < cards.length; index += direction) {
              if (!cards[index].hidden) { go(index); return; }
            }
          }
          document.addEventListener("keydown", function (event) {
            if (event.target && (event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA")) { return; }
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            if (event.key === "n" || event.key === "j" || event.key === "ArrowRight") { step(1); event.preventDefault(); }
            else if (event.key === "p" || event.key === "k" || event.key === "ArrowLeft") { step(-1); event.preventDefault(); }
          });

          function visible(image) {
            if (state.filter === "failing" && !failing[image.status]) { return false; }
            if (state.filter && state.filter !== "failing" && state.filter !== "all" && image.status !== state.filter) { return false; }
            return !state.search || image.path.toLowerCase().indexOf(state.search) >= 0;
          }
          function apply() {
            var shown = 0;
            var thumbed = 0;
            cards.forEach(function (card, index) {
              var show = visible(data.images[index]);
              card.hidden = !show;
              if (show) { shown += 1; }
              if (thumbs[index]) {
                thumbs[index].hidden = !show;
                if (show) { thumbed += 1; }
              }
            });
            empty.hidden = shown > 0;
            overview.hidden = thumbed === 0;
            document.querySelectorAll("#filters button").forEach(function (button) {
              button.setAttribute("aria-pressed", String(button.dataset.filter === state.filter));
            });
          }
          function rerender() {
            cards.forEach(function (card, index) {
              var view = card.querySelector(".view");
              if (!view) { return; }
              if (view.classList.contains("pending")) { return; }
              renderView(view, data.images[index], state.mode);
            });
          }

          var summary = data.summary;
          var failingCount = data.images.filter(function (image) { return failing[image.status]; }).length;
          var filters = document.getElementById("filters");
          [["failing", "Failing", failingCount], ["all", "All", summary.total]].concat(statuses.map(function (status) {
            return [status, status.charAt(0).toUpperCase() + status.slice(1), summary[status]];
          })).forEach(function (entry) {
            var button = el("button", { "data-filter": entry[0], "aria-pressed": "false" });
            button.appendChild(document.createTextNode(entry[1] + " "));
            button.appendChild(el("span", { "class": "count" }, String(entry[2])));
            button.addEventListener("click", function () { state.filter = entry[0]; apply(); });
            filters.appendChild(button);
          });
          var verdict = document.getElementById("verdict");
          verdict.textContent = failingCount > 0 ? failingCount + " failing of " + summary.total : "all " + summary.total + " passed";
          verdict.className = "verdict " + (failingCount > 0 ? "fail" : "ok");
          document.getElementById("folders").textContent = "expected: " + data.expectedFolder + "  \\u00b7  actual: " + data.actualFolder;
          document.getElementById("meta").textContent = "Made " + data.created + " by ShapeTurns " + data.version + ": " + data.settings.join(", ") + ".";
          var regionsButton = document.getElementById("regions");
          regionsButton.addEventListener("click", function () {
            var on = regionsButton.getAttribute("aria-pressed") !== "true";
            regionsButton.setAttribute("aria-pressed", String(on));
            document.body.classList.toggle("regions-off", !on);
          });
          document.getElementById("search").addEventListener("input", function (event) {
            state.search = event.target.value.trim().toLowerCase();
            apply();
          });
          document.querySelectorAll("[data-mode]").forEach(function (button) {
            button.addEventListener("click", function () {
              state.mode = button.dataset.mode;
              document.querySelectorAll("[data-mode]").forEach(function (other) { other.setAttribute("aria-pressed", String(other === button)); });
              rerender();
            });
          });
          document.querySelectorAll("[data-zoom]").forEach(function (button) {
            button.addEventListener("click", function () {
              document.body.classList.toggle("fit", button.dataset.zoom === "fit");
              if (button.dataset.zoom !== "fit") { document.body.style.setProperty("--zoom", button.dataset.zoom === "actual" ? "1" : button.dataset.zoom); }
              document.querySelectorAll("[data-zoom]").forEach(function (other) { other.setAttribute("aria-pressed", String(other === button)); });
            });
          });

          state.filter = failingCount > 0 ? "failing" : "all";
          apply();
          cards.forEach(function (card) {
            var view = card.querySelector(".view");
            if (!view) { return; }
            if (observer) { observer.observe(card); }
            else { renderView(view, data.images[Number(card.dataset.index)], state.mode); }
          });
          document.body.dataset.ready = "true";
        })();
        </script>
        </body>
        </html>

        """
}
