// The clickable board of domino_widgets: shows the SVG the kernel rendered and sends clicks back.
//
// Contract with the renderer: a face-up tile is a <g class="tile" data-tile="L-H"> (class
// "playable" when it can be played); an open end is <g class="end" data-end="left">, with class
// "target" when the selected tile can go there. Face-down tiles have no data-tile, so nothing
// here can name them. The tiles of the viewer's hand (the synced list "hand") and the ends are
// made clickable and focusable; tiles on the table are not.
//
// Keys (issue 27): the arrows move between the hand's tiles (or, once a tile is chosen, the ends
// it can go to), Enter / Space lays it, Escape puts it back or leaves the board, the letters of
// the synced list "keys" are sent as {type: "key"}, M goes to the move box ({type: "typed"}).
// The live region (role="status") says "announce" each time "announce_n" changes.
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

// Ids that labels and descriptions point to must be unique in the page. A notebook may hold
// several boards, and the page may load this module once per widget (each copy with its own
// variables): a counter here gave a second board "dw-move-box-1" again, and its move box took
// no name (the label pointed at the first board's). One counter is kept on the page instead.
function pageId(prefix) {
  globalThis.__dwIds = (globalThis.__dwIds || 0) + 1;
  return `${prefix}-${globalThis.__dwIds}`;
}

// A region's name tells it from the page's other regions (axe: landmark-unique): a lesson may show
// two boards of one game, and every game's log was "Last moves". Regions of one name (the boards,
// the logs) are numbered in page order ("Last moves (2)"); a name that is alone stays as it is.
// Each board names them all again when it enters the page or is renamed.
function nameRegions() {
  const regions = [...document.querySelectorAll(".dw-board-wrap[data-dw-name], .dw-log[data-dw-name]")];
  const count = new Map();
  for (const region of regions) count.set(region.dataset.dwName, (count.get(region.dataset.dwName) || 0) + 1);
  const seen = new Map();
  for (const region of regions) {
    const base = region.dataset.dwName;
    seen.set(base, (seen.get(base) || 0) + 1);
    const name = count.get(base) > 1 ? `${base} (${seen.get(base)})` : base;
    if (region.getAttribute("aria-label") !== name) region.setAttribute("aria-label", name);
  }
}

function render({ model, el }) {
  // issue 27: the board (a group of buttons: the hand's tiles, the open ends), its keys in words,
  // a box to type a move in, and a live region that says every move once (role="status").
  const wrap = document.createElement("div");
  wrap.className = "dw-board-wrap";
  wrap.setAttribute("role", "region");
  const root = document.createElement("div");
  root.className = "dw-board";
  root.setAttribute("role", "group");
  const help = document.createElement("p");
  help.className = "dw-keys-help";
  help.id = pageId("dw-keys-help");
  root.setAttribute("aria-describedby", help.id);
  const moveRow = document.createElement("div");
  moveRow.className = "dw-move-row";
  const moveLabel = document.createElement("label");
  const moveBox = document.createElement("input");
  moveBox.type = "text";
  moveBox.className = "dw-move-box";
  moveBox.id = pageId("dw-move-box");
  moveBox.autocomplete = "off";
  moveBox.spellcheck = false;
  moveLabel.htmlFor = moveBox.id;
  moveRow.append(moveLabel, moveBox);
  const live = document.createElement("div");
  live.className = "dw-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  wrap.append(root, help, moveRow, live);
  el.appendChild(wrap);
  let clickedAt = null;

  function label(node) {
    const tile = node.getAttribute("data-tile");
    if (tile) {
      const said = (model.get("tile_labels") || {})[tile];
      if (said) return said;
      const what = node.classList.contains("playable") ? model.get("label_playable") : model.get("label_tile");
      return `${what} ${tile}`;
    }
    const end = node.getAttribute("data-end");
    return (model.get("end_labels") || {})[end] || `${model.get("label_end")} ${end}`;
  }

  function relabel() {
    wrap.dataset.dwName = model.get("label_board");
    wrap.setAttribute("aria-label", model.get("label_board"));
    if (wrap.isConnected) nameRegions();
    help.textContent = model.get("keys_help");
    help.hidden = !model.get("keys_help");
    moveLabel.textContent = model.get("label_move");
    moveRow.hidden = !(model.get("letters") || []).includes("m");
    live.setAttribute("aria-label", model.get("label_live"));
  }

  function items() {
    // the buttons the arrows move between: the ends a selected tile can go to, else the hand
    const targets = [...root.querySelectorAll(".end.target.dw-clickable")];
    if (targets.length) return targets;
    return [...root.querySelectorAll(".tile.dw-clickable")];
  }

  function setRoving(node) {
    for (const other of root.querySelectorAll(".dw-clickable")) other.setAttribute("tabindex", "-1");
    if (node) {
      node.setAttribute("tabindex", "0");
      root.removeAttribute("tabindex");
    } else {
      root.setAttribute("tabindex", "0"); // nothing to press: the board itself takes the keys
    }
  }

  function draw() {
    const inside = root.contains(document.activeElement);
    const focusKey = inside ? keyOf(document.activeElement) : null;
    root.innerHTML = model.get("svg");
    root.dataset.rev = String(model.get("rev"));
    root.dataset.laidFor = String(model.get("laid_for"));
    root.dataset.phase = model.get("phase");
    const description = model.get("description");
    root.setAttribute("aria-label", description ? `${model.get("label_board")}: ${description}` : model.get("label_board"));
    root.dataset.table = description;
    root.classList.toggle("dw-waiting", !model.get("interactive"));
    relabel();
    const hand = new Set(model.get("hand"));
    for (const node of root.querySelectorAll(CLICKABLE)) {
      const tile = node.getAttribute("data-tile");
      if (tile && !hand.has(tile)) continue; // a tile on the table or in another open hand
      node.setAttribute("tabindex", "-1");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", label(node));
      node.classList.add("dw-clickable");
    }
    const targets = root.querySelectorAll(".end.target.dw-clickable");
    let again = null;
    if (focusKey) again = root.querySelector(`${focusKey}.dw-clickable`);
    if (targets.length && !(again && again.matches(".end.target"))) again = targets[0];
    if (!targets.length && again && again.matches(".end")) again = null; // laid: back to the hand
    if (!again) again = root.querySelector(".tile.playable.dw-clickable") || root.querySelector(".tile.dw-clickable");
    setRoving(again);
    // the Show button pressed (by Enter, Space or a click) hands the board to the person: the focus
    // goes onto it with the picture that answers, whatever the button does meanwhile
    const handOver = shown !== null && (document.activeElement === shown || nowhere());
    shown = null;
    if (inside || handOver) (again || root).focus();
    else if (lastFocused) setTimeout(recoverFocus, 0); // a button pressed just before this picture is gone
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

  // The sliders of the controls around the board (ipywidgets: the computer's pause, the replay)
  // have a visible label that their handle (role="slider") is not tied to: tie the handle to its
  // label (aria-labelledby), so a screen reader says what it moves, in the language shown now
  // (axe: aria-input-field-name). Sliders appear after the board (their views render later) and
  // again when a panel is rebuilt: a MutationObserver names each one as soon as it is in the page.
  function nameSliders(host) {
    for (const handle of host.querySelectorAll('[role="slider"]:not([aria-labelledby])')) {
      const box = handle.closest(".widget-slider");
      const words = box && box.querySelector(".widget-label");
      if (!words) continue;
      if (!words.id) words.id = pageId("dw-slider-label");
      handle.setAttribute("aria-labelledby", words.id);
    }
    // ipywidgets' button icons are glyphs of an icon font: a screen reader would read them as part
    // of the button's name (" Draw"), so they are hidden from it; the words name the button
    for (const icon of host.querySelectorAll("i.fa:not([aria-hidden])")) icon.setAttribute("aria-hidden", "true");
    // ipywidgets' upload button writes how many files it holds after its words ("Open record
    // (0)"), which says nothing here (the kernel reads the file and lets it go): only the words
    for (const upload of host.querySelectorAll(".dw-upload")) {
      const words = upload.lastChild;
      if (words && words.nodeType === Node.TEXT_NODE && /\s\(\d+\)$/.test(words.data)) {
        words.data = words.data.replace(/\s\(\d+\)$/, "");
      }
    }
    // the game's log scrolls once it is long (axe: scrollable-region-focusable): a named region in
    // the Tab order, so a keyboard scrolls it too (not a live region: the moves are announced already)
    for (const log of host.querySelectorAll(".dw-log")) {
      if (!log.hasAttribute("tabindex")) log.setAttribute("tabindex", "0");
      log.setAttribute("role", "region");
      log.dataset.dwName = model.get("label_log");
    }
    nameRegions();
    // ipywidgets' accordion header (the rules panel) is a plain div that only a mouse can open: it
    // becomes a button in the Tab order, opened by Enter or Space, that says whether it is open
    for (const header of host.querySelectorAll(".jupyter-widget-Collapse-header:not([role])")) {
      header.setAttribute("role", "button");
      header.setAttribute("tabindex", "0");
      header.addEventListener("keydown", onHeaderKey);
      const fold = header.parentElement;
      const expanded = () => header.setAttribute("aria-expanded",
        String(!!fold && fold.classList.contains("jupyter-widget-Collapse-open")));
      expanded();
      if (fold) {
        const watch = new MutationObserver(expanded);
        watch.observe(fold, { attributes: true, attributeFilter: ["class"] });
        headerWatches.push(watch);
      }
    }
  }
  const headerWatches = [];
  function onHeaderKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation(); // the notebook's own Enter (edit the cell) never sees it
    event.currentTarget.click();
  }
  // A menu, a slider or a text field of the widget (or of the app around it) keeps its own keys:
  // JupyterLab's notebook shortcuts listen on the page, and in command mode they took the arrows
  // of a focused menu (the next cell was selected, the menu never changed) and the letters typed
  // to find an option. Tab and Escape still reach the page; so do keys with Ctrl or Meta.
  const CONTROL_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End",
                                "PageUp", "PageDown", "Enter", " "]);
  function onControlKey(event) {
    const target = event.target;
    if (!target || !target.matches || event.ctrlKey || event.metaKey) return;
    if (!target.matches('select, input, textarea, [role="slider"], [role="combobox"]')) return;
    if (target.closest(".dw-board")) return; // the board's own keys are the board's
    if (CONTROL_KEYS.has(event.key) || event.key.length === 1) event.stopPropagation();
  }
  // A menu changes the game when the choice is made (issue 40). In Chromium each arrow key (or
  // letter) on a closed <select> changes its value and fires "change", so browsing the app's Game
  // menu started every game on the way (the level, the language and the rules' options the same).
  // A change made by such a key is kept from the widget (caught here, before ipywidgets' own
  // listener below sees it) until Enter chooses the option shown; leaving the menu (Tab, Escape)
  // shows again what was chosen. A pick from the open list (a click, or Enter in the list) comes
  // with no key pressed on the menu itself: that change is the choice and goes through.
  let browsing = null; // the menu whose key is being handled (its change is a step, not a choice)
  let committing = false;
  function onMenuKey(event) {
    const menu = event.target;
    if (!menu || menu.tagName !== "SELECT" || menu.closest(".dw-board")) return;
    if (event.key === "Enter") {
      if (menu.dwChosen === undefined) return;
      const chosen = menu.dwChosen;
      delete menu.dwChosen;
      if (menu.selectedIndex !== chosen) {
        committing = true;
        try { menu.dispatchEvent(new Event("change", { bubbles: true })); } finally { committing = false; }
      }
    } else if (event.key === "Escape") {
      putBack(menu);
    } else if (event.key !== "Tab" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (menu.dwChosen === undefined) menu.dwChosen = menu.selectedIndex;
      browsing = menu;
      setTimeout(() => { if (browsing === menu) browsing = null; }, 0);
    }
  }
  function onMenuChange(event) {
    const menu = event.target;
    if (!menu || menu.tagName !== "SELECT" || committing) return;
    if (browsing === menu) {
      event.stopImmediatePropagation(); // a step through the options: the widget never hears it
      return;
    }
    delete menu.dwChosen; // a pick from the open list
  }
  function putBack(menu) {
    if (menu.dwChosen === undefined) return;
    menu.selectedIndex = menu.dwChosen;
    delete menu.dwChosen;
  }
  function onMenuLeft(event) {
    if (event.target && event.target.tagName === "SELECT") putBack(event.target);
  }
  // Save in one press (issue 40): the kernel puts the saved file into a link never shown (a data:
  // URL, controls.download_link) with a token new at each Save, and the page clicks each new link
  // once, so the browser downloads the file. The links a page opens with (a notebook saved with
  // its widgets, a second view of the game) are only marked as seen, never clicked.
  function clickSaves(host, opening) {
    const seen = (window.__dwSaves = window.__dwSaves || new Set());
    for (const link of host.querySelectorAll(".dw-download a[data-save]")) {
      const token = link.getAttribute("data-save");
      if (seen.has(token)) continue;
      seen.add(token);
      if (!opening) link.click();
    }
  }
  let keyHost = null;
  let sliderWatch = null;
  let hostFrame = 0;
  function watchSliders() {
    // the board is put into its host after it renders: look for the host at each frame until then
    if (hostFrame === Infinity) return; // closed
    const host = el.closest(".dw-game, .dw-twentyone, .dw-solitaire, .dw-explorer, .dw-puzzle");
    if (!host) {
      // in the page without a game widget around it (a bare board), or never put in the page
      if (el.isConnected) nameRegions();
      if (el.isConnected || hostFrame > 3600) return;
      hostFrame += 1;
      requestAnimationFrame(watchSliders);
      return;
    }
    nameSliders(host);
    clickSaves(host, true);
    sliderWatch = new MutationObserver(() => { nameSliders(host); clickSaves(host, false); showReview(); });
    sliderWatch.observe(host, { childList: true, subtree: true });
    focusHost = host;
    keyHost = el.closest(".dw-app") || host;
    keyHost.addEventListener("keydown", onControlKey);
    keyHost.addEventListener("keydown", onMenuKey, true);
    keyHost.addEventListener("change", onMenuChange, true);
    keyHost.addEventListener("focusout", onMenuLeft, true);
    host.addEventListener("click", onHostClick, true);
    host.addEventListener("focusin", onHostFocusIn);
    host.addEventListener("focusout", onHostFocusOut);
    // a control hidden or disabled under the focus (a browser may keep the focus on it, unseen)
    focusWatch = new MutationObserver(() => { if (lastFocused) setTimeout(recoverFocus, 0); });
    focusWatch.observe(host, { attributes: true, subtree: true, attributeFilter: ["style", "disabled", "hidden"] });
  }

  // No focus lost (issue 27): a button of the game that hides or greys itself once pressed (hot-seat
  // "Show Player 2's tiles", Take and Stand at the end of a turn) would drop a keyboard user's focus
  // onto the page's body, far from the game. When the focused control of this game disappears or is
  // disabled, and focus went nowhere else, it comes back to the board (the tile it left, or the first
  // playable one). A student who moves the focus elsewhere (Tab, a click) keeps it there.
  let focusHost = null;
  let focusWatch = null;
  let lastFocused = null;
  // Hot-seat "Show Player N's tiles" (issue 27): once pressed, the kernel hides it, and when the rules
  // pass for that person at once, shows it again for the next one ("Show Player 1's tiles"). When the
  // page handled both changes before the browser drew a frame in between, the button never looked
  // hidden: the focus stayed on it (a keyboard user who pressed Enter was left on the next person's
  // button, sometimes, by the timing of the kernel's messages). The press itself now sends the focus
  // to the board, with the next picture (the revealed hand, or the pass).
  let shown = null;
  function onHostClick(event) {
    const button = event.target && event.target.closest ? event.target.closest(".dw-show") : null;
    if (button && !button.disabled) shown = button;
    const review = event.target && event.target.closest ? event.target.closest(".dw-review") : null;
    reviewAsked = review ? review.closest(".dw-review-panel") : null; // any other press: the student moved on
    reviewSaid = "";
  }
  // The review opens under the game, below the fold at 1024x768 (issue 40): once Review was pressed
  // (a click, or Enter / Space on the button), each time the kernel's words in the panel change
  // (working, then the review, which is longer) the panel is scrolled into view, no further than
  // needed (a panel taller than the window: its top), until another control of the game is pressed
  let reviewAsked = null;
  let reviewSaid = "";
  function showReview() {
    const words = reviewAsked ? reviewAsked.querySelector(".dw-panel") : null;
    const text = words ? words.textContent.trim() : "";
    if (!text || text === reviewSaid) return; // only the review's own words move the page
    reviewSaid = text;
    reviewAsked.scrollIntoView({ block: "nearest" });
  }
  function nowhere() {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement;
  }
  function onHostFocusIn(event) {
    lastFocused = event.target;
  }
  function onHostFocusOut(event) {
    if (event.relatedTarget) {
      if (!focusHost.contains(event.relatedTarget)) lastFocused = null; // left the game on purpose
      return;
    }
    setTimeout(recoverFocus, 0); // the focus fix-up of a hidden element happens after this event
  }
  function gone(node) {
    return !node.isConnected || node.disabled || node.getClientRects().length === 0;
  }
  function recoverFocus() {
    const left = lastFocused;
    if (!left || !focusHost) return;
    const active = document.activeElement;
    if (!(nowhere() || (active === left && gone(left)))) return; // focus is somewhere: leave it there
    if (!gone(left)) {
      lastFocused = null; // the control is still there: the student clicked outside the page's controls
      return;
    }
    lastFocused = null;
    (root.querySelector('.dw-clickable[tabindex="0"]') || root).focus();
  }
  watchSliders();

  let pending = null;
  // issue 40: the page's first words wait for this view's live region to be in the page (below)
  let firstWords = false;
  let removed = false;
  // Issue 40: until the page's first command, the kernel says each announcement behind everything it
  // said before (the page's first words, then the computer's first moves): it cannot know whether a
  // view has said them yet. What this view said last while the page opens, so that only the words
  // after it are said (the first words are heard once, not again with each of the computer's moves).
  let opening = "";
  let opened = false;
  function command(msg) {
    opened = true; // the kernel's words stop adding up at the first command
    model.send(msg);
  }
  function speak() {
    // emptied first, so the same words said twice are heard twice; words that arrive before the
    // next frame (a move and the computer's reply) are said together, none lost
    firstWords = false; // newer words add up to the first ones (the kernel joins them): said once
    const full = model.get("announce");
    const known = !opened && opening && full.length > opening.length && full.startsWith(opening);
    const text = known ? full.slice(opening.length).trim() : full;
    opening = opened ? "" : full;
    if (pending !== null) {
      pending += " " + text;
      return;
    }
    pending = text;
    live.textContent = "";
    requestAnimationFrame(() => { live.textContent = pending; pending = null; });
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
    command(msg);
  }

  function target(event) {
    const node = event.target.closest ? event.target.closest(".dw-clickable") : null;
    return node && root.contains(node) ? node : null;
  }

  function onClick(event) {
    const node = target(event);
    if (node) send(node);
  }

  function move(step, event) {
    const list = items();
    if (!list.length) return;
    const at = list.indexOf(target(event));
    let next;
    if (step === "first") next = 0;
    else if (step === "last") next = list.length - 1;
    else next = at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length;
    setRoving(list[next]);
    list[next].focus();
  }

  function onKey(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const key = event.key;
    const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    let handled = true;
    if (key === "Escape") {
      if (root.querySelector(".end.target.dw-clickable")) {
        command({ type: "cancel", rev: model.get("rev") }); // the tile chosen is put back
      } else if (!moveRow.hidden) {
        moveBox.focus(); // leave the board (no keyboard trap): to the move box, then on with Tab
      } else {
        root.blur();
        document.activeElement && document.activeElement.blur && document.activeElement.blur();
      }
    } else if (key in steps) {
      move(steps[key], event);
    } else if (key === "Enter" || key === " ") {
      const node = target(event);
      if (node) send(node);
      else handled = false;
    } else if (key.length === 1 && (model.get("letters") || []).includes(key.toLowerCase())) {
      if (key.toLowerCase() === "m") moveBox.focus();
      else command({ type: "key", key: key.toLowerCase() });
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation(); // the notebook's own shortcuts (D D deletes a cell) never see it
    }
  }

  function onMoveKey(event) {
    event.stopPropagation(); // typing is for the box, not for the notebook
    if (event.key === "Enter") {
      event.preventDefault();
      const text = moveBox.value.trim();
      if (text) command({ type: "typed", text });
      moveBox.value = "";
    } else if (event.key === "Escape") {
      event.preventDefault();
      const back = root.querySelector('.dw-clickable[tabindex="0"]') || root;
      back.focus();
    }
  }

  // The width the board has: the kernel lays the table out for it, so tiles keep their size and
  // the line turns at the table's edge instead of the whole picture shrinking.
  let sentWidth = model.get("avail_width") || 0;
  let widthTimer = null;
  // data-sent-width, data-laid-for and data-measuring tell a test (or a script) when the picture
  // shown was laid out for the width the board has: a state to wait for, not a time
  root.dataset.sentWidth = String(sentWidth);
  function measure() {
    delete root.dataset.measuring;
    const w = Math.floor(root.clientWidth || el.clientWidth || 0);
    // 32 px of slack: a page scrollbar (about 15 px) that comes and goes with the picture's height
    // must not make the kernel redraw the table for ever
    if (w < 200 || Math.abs(w - sentWidth) < 32) return;
    sentWidth = w;
    root.dataset.sentWidth = String(w);
    model.set("avail_width", w);
    model.save_changes();
  }
  const observer = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => {
      clearTimeout(widthTimer);
      root.dataset.measuring = "1";
      widthTimer = setTimeout(measure, 120);
    })
    : null;
  if (observer) observer.observe(root);
  root.dataset.measuring = "1";
  setTimeout(measure, 0);

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  moveBox.addEventListener("keydown", onMoveKey);
  const relabelNow = () => relabel();
  // the names of the hand's tiles and the ends ("L-H, playable"), should they come after the picture
  const renameButtons = () => {
    for (const node of root.querySelectorAll(".dw-clickable")) node.setAttribute("aria-label", label(node));
  };
  model.on("change:tile_labels change:end_labels", renameButtons);
  model.on("change:announce_n", speak);
  // Issue 40: the page's first words (the game, the hand, the seat, whose turn) were set by the kernel
  // before this view existed, and a screen reader says only what changes in a live region that is
  // already in the page: they are said once the region is in the document, by a state and not a
  // time: each frame looks whether the region is attached yet; once it is, speak() empties it and
  // fills it a frame later, so the region is shown empty first and then changes. Said once per
  // model (not again when the board is drawn anew), and not at all when newer words, which add up
  // to them, came first.
  function sayFirstWords() {
    if (!firstWords || removed) return;
    if (!live.isConnected) { requestAnimationFrame(sayFirstWords); return; }
    speak();
  }
  if (!model.dwFirstWordsSaid && model.get("announce_n") > 0) {
    model.dwFirstWordsSaid = true;
    firstWords = true;
    requestAnimationFrame(sayFirstWords);
  }
  model.on("change:keys_help change:label_move change:letters change:label_board", relabelNow);
  const relabelLog = () => { if (focusHost) nameSliders(focusHost); };
  model.on("change:label_log", relabelLog);
  // A click the kernel handled without a new picture ends its latency measurement.
  const acked = () => setTimeout(() => { clickedAt = null; }, 0);
  model.on("change:svg", draw);
  const laidFor = () => { root.dataset.laidFor = String(model.get("laid_for")); };
  model.on("change:laid_for", laidFor);
  model.on("change:ack", acked);
  model.on("change:interactive", () => root.classList.toggle("dw-waiting", !model.get("interactive")));
  draw();
  return () => {
    if (observer) observer.disconnect();
    if (sliderWatch) sliderWatch.disconnect();
    if (focusWatch) focusWatch.disconnect();
    for (const watch of headerWatches) watch.disconnect();
    if (focusHost) {
      focusHost.removeEventListener("click", onHostClick, true);
      focusHost.removeEventListener("focusin", onHostFocusIn);
      focusHost.removeEventListener("focusout", onHostFocusOut);
    }
    if (keyHost) {
      keyHost.removeEventListener("keydown", onControlKey);
      keyHost.removeEventListener("keydown", onMenuKey, true);
      keyHost.removeEventListener("change", onMenuChange, true);
      keyHost.removeEventListener("focusout", onMenuLeft, true);
    }
    hostFrame = Infinity;
    clearTimeout(widthTimer);
    model.off("change:svg", draw);
    model.off("change:laid_for", laidFor);
    model.off("change:ack", acked);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    moveBox.removeEventListener("keydown", onMoveKey);
    model.off("change:announce_n", speak);
    removed = true; // the first words' wait for the page ends with this view
    model.off("change:keys_help change:label_move change:letters change:label_board", relabelNow);
    model.off("change:label_log", relabelLog);
    model.off("change:tile_labels change:end_labels", renameButtons);
  };
}

export default { render };
