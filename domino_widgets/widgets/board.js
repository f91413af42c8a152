// The clickable board of domino_widgets: shows the SVG the kernel rendered and sends clicks back.
//
// Contract with the renderer: a face-up tile is a <g class="tile" data-tile="L-H"> (class
// "playable" when it can be played); an open end is <g class="end" data-end="left">, with class
// "target" when the selected tile can go there. Face-down tiles have no data-tile, so nothing
// here can name them. The tiles of the viewer's hand (the synced list "hand") and the ends are
// made clickable and focusable; tiles on the table are not.
//
// Every click or key press (Enter / Space) is sent as {type: "tile" | "end" | "cancel", rev}
// where rev is the revision of the picture that was clicked: the kernel ignores a click on a
// picture it has already replaced (double clicks, rapid clicks, clicks while the AI moved).

const CLICKABLE = ".tile[data-tile], .end[data-end]";

function keyOf(node) {
  if (!node || !node.getAttribute) return null;
  const tile = node.getAttribute("data-tile");
  if (tile) return `[data-tile="${tile}"]`;
  const end = node.getAttribute("data-end");
  if (end) return `[data-end="${end}"]`;
  return null;
}

function latencyLog() {
  // Click -> board redrawn, in ms; read by the browser tests and the latency benchmark.
  if (!window.__dwLatency) window.__dwLatency = [];
  return window.__dwLatency;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dw-board";
  root.setAttribute("role", "group");
  el.appendChild(root);
  let clickedAt = null;

  function label(node) {
    const tile = node.getAttribute("data-tile");
    if (tile) {
      const what = node.classList.contains("playable") ? model.get("label_playable") : model.get("label_tile");
      return `${what} ${tile}`;
    }
    return `${model.get("label_end")} ${node.getAttribute("data-end")}`;
  }

  function draw() {
    const focusKey = root.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    root.innerHTML = model.get("svg");
    root.dataset.rev = String(model.get("rev"));
    root.dataset.phase = model.get("phase");
    const description = model.get("description");
    root.setAttribute("aria-label", description ? `${model.get("label_board")}: ${description}` : model.get("label_board"));
    root.dataset.table = description;
    root.classList.toggle("dw-waiting", !model.get("interactive"));
    const hand = new Set(model.get("hand"));
    for (const node of root.querySelectorAll(CLICKABLE)) {
      const tile = node.getAttribute("data-tile");
      if (tile && !hand.has(tile)) continue; // a tile on the table or in another open hand
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", label(node));
      node.classList.add("dw-clickable");
    }
    if (focusKey) {
      const again = root.querySelector(`${focusKey}.dw-clickable`) ||
        root.querySelector(".end.target.dw-clickable, .tile.playable.dw-clickable");
      if (again) again.focus();
    }
    if (clickedAt !== null) {
      const t0 = clickedAt;
      const arrived = performance.now(); // the new picture is in the page (not yet painted)
      clickedAt = null;
      requestAnimationFrame(() => {
        latencyLog().push(performance.now() - t0);
        if (!window.__dwLatencyParts) window.__dwLatencyParts = [];
        window.__dwLatencyParts.push({ roundTrip: arrived - t0, paint: performance.now() - arrived });
      });
    }
  }

  function send(node) {
    const msg = { rev: model.get("rev") };
    const tile = node.getAttribute("data-tile");
    if (tile) {
      msg.type = "tile";
      msg.tile = tile;
    } else {
      msg.type = "end";
      msg.end = node.getAttribute("data-end");
    }
    clickedAt = performance.now();
    model.send(msg);
  }

  function target(event) {
    const node = event.target.closest ? event.target.closest(".dw-clickable") : null;
    return node && root.contains(node) ? node : null;
  }

  function onClick(event) {
    const node = target(event);
    if (node) send(node);
  }

  function onKey(event) {
    if (event.key === "Escape") {
      model.send({ type: "cancel", rev: model.get("rev") });
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = target(event);
    if (node) {
      event.preventDefault();
      send(node);
    }
  }

  // The width the board has: the kernel lays the table out for it, so tiles keep their size and
  // the line turns at the table's edge instead of the whole picture shrinking.
  let sentWidth = model.get("avail_width") || 0;
  let widthTimer = null;
  function measure() {
    const w = Math.floor(root.clientWidth || el.clientWidth || 0);
    if (w < 200 || Math.abs(w - sentWidth) < 8) return;
    sentWidth = w;
    model.set("avail_width", w);
    model.save_changes();
  }
  const observer = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => { clearTimeout(widthTimer); widthTimer = setTimeout(measure, 120); })
    : null;
  if (observer) observer.observe(root);
  setTimeout(measure, 0);

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  // A click the kernel handled without a new picture ends its latency measurement.
  const acked = () => setTimeout(() => { clickedAt = null; }, 0);
  model.on("change:svg", draw);
  model.on("change:ack", acked);
  model.on("change:interactive", () => root.classList.toggle("dw-waiting", !model.get("interactive")));
  draw();
  return () => {
    if (observer) observer.disconnect();
    clearTimeout(widthTimer);
    model.off("change:svg", draw);
    model.off("change:ack", acked);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
