// The class table's one script: it fills the page's regions from the socket and sends what
// a button or form carries. It computes nothing: every number comes from the server.
"use strict";
(() => {
  const body = document.body;
  const student = body.dataset.page === "student";
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + body.dataset.socket;
  const shown = new Map();
  // What the script says itself, in the page's language (the server writes data-words).
  const words = Object.assign({connected: "connected", reconnecting: "reconnecting…", turn: "● Your turn · ",
    title: "Class table", left: "{left} seconds left for your move: then a bot plays it for you.",
    offline: "Not connected: wait a moment and try again."}, JSON.parse(body.dataset.words || "{}"));
  let socket = null, wait = 500, game = null, at = 0, turn = false, retry = null;

  const region = (id) => document.getElementById(id);
  function status(text, ok) {
    const link = region("link");
    if (link) { link.textContent = text; link.className = ok ? "link ok" : "link"; }
  }
  function problem(text) {
    const box = region("error");
    box.textContent = text || "";
    box.hidden = !text;
  }
  // What the teacher was typing or choosing in a region survives its redraw (a student
  // joining, a game ending), and so does what a student chose while the same position is
  // drawn again (its odds coming): each field changed from its default keeps its value, and
  // the field or button with the focus keeps it.
  const key = (f) => f.dataset.send && !f.name ? `send|${f.dataset.send}`
    : `${f.form ? f.form.className + (f.form.dataset.send || "") : ""}|${f.name}|${f.type === "radio" ? f.value : ""}`;
  const ticks = (f) => f.type === "checkbox" || f.type === "radio";
  function changed(f) {
    if (ticks(f)) return f.checked !== f.defaultChecked;
    if (f.tagName === "SELECT") return [...f.options].some((o) => o.selected !== o.defaultSelected);
    return f.value !== f.defaultValue;
  }
  const FIELDS = "input, textarea, select, button[data-send]";
  function typed(box) {
    return [...box.querySelectorAll(FIELDS)]
      .filter((f) => f === document.activeElement || (f.name && f.tagName !== "BUTTON" && changed(f)))
      .map((f) => ({ key: key(f), value: f.value, checked: f.checked, focus: f === document.activeElement }));
  }
  function retype(box, kept) {
    const fields = new Map([...box.querySelectorAll(FIELDS)].map((f) => [key(f), f]));
    for (const k of kept) {
      const f = fields.get(k.key);
      if (!f) continue;
      if (f.tagName !== "BUTTON") { if (ticks(f)) f.checked = k.checked; else f.value = k.value; }
      if (k.focus) f.focus();
    }
  }
  function fill(regions, keep) {
    for (const [id, html] of Object.entries(regions)) {
      const box = region(id);
      if (box && shown.get(id) !== html) {
        const kept = keep ? typed(box) : [];  // a phone's moves are drawn afresh each turn
        box.innerHTML = html;
        shown.set(id, html);
        retype(box, kept);
      }
    }
  }
  // Each new line of the log, and each new part of a line that grows (a turn's moves), is
  // said once by a screen reader through the polite live region #said. The lines are the
  // server's, keyed by their data-n; what the page opened on (a reload) is not said again.
  const heard = new Map();
  let listening = false;
  function spoken(line) {
    const copy = line.cloneNode(true);  // the reader's notes and chances are on the page, not said
    copy.querySelectorAll(".note, .duel-notes").forEach((n) => n.remove());
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function news() {
    const said = [];
    for (const line of [...document.querySelectorAll("#log li[data-n]")].reverse()) {  // oldest first
      const text = spoken(line), before = heard.get(line.dataset.n);
      heard.set(line.dataset.n, text);
      if (!listening || before === text) continue;
      const stem = before === undefined ? "" : before.replace(/[.]$/, "");
      if (text.startsWith(stem)) said.push(text.slice(stem.length).replace(/^[;,]\s*/, ""));
    }
    listening = true;
    const box = region("said");
    for (const text of said) { const p = document.createElement("p"); p.textContent = text; box.append(p); }
    while (box && box.childElementCount > 8) box.firstElementChild.remove();
  }
  // On a new turn the focus goes to its first move, and the status says whose turn it is;
  // a focused button that a redraw took away leaves the focus on its region, not the top.
  function refocus(lost, turnStarts) {
    const first = turnStarts && region("moves").querySelector("button, select, input");
    const dropped = lost && (!document.activeElement || document.activeElement === body);
    const to = first || (dropped && [region(lost), region("status")].find((r) => r && r.innerHTML));
    if (!to) return;
    if (!first) to.tabIndex = -1;
    to.focus();
  }
  // A student whose time for a move runs (the teacher's clock) is told before it runs out,
  // with a button for more time (WCAG 2.2.1); the server starts their clock again.
  let clock = null;
  function time(seconds) {
    clearTimeout(clock);
    const box = region("clock");
    if (!box) return;
    box.hidden = true;
    if (!seconds) return;
    const left = Math.min(20, Math.floor(seconds / 2));
    clock = setTimeout(() => {
      box.querySelector("span").textContent = words.left.replace("{left}", String(left));
      box.hidden = false;
    }, (seconds - left) * 1000);
  }
  // The teacher shows one table or one game's chart alone, filling the screen (for the
  // projector): its "Show alone" button; pressed again, or Escape, shows everything. It stays
  // alone through redraws and a reload (the address's #alone=...).
  let alone = new URLSearchParams(location.hash.slice(1)).get("alone") || "";
  function showAlone() {
    document.querySelectorAll(".shown-alone").forEach((e) => e.classList.remove("shown-alone"));
    const button = alone && [...document.querySelectorAll("button[data-alone]")].find((b) => b.dataset.alone === alone);
    const shown = button && button.closest("section");
    if (shown) shown.classList.add("shown-alone");
    body.classList.toggle("alone", !!shown);
    document.querySelectorAll("button[data-alone]").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
  }
  function setAlone(key) {
    alone = key;
    history.replaceState(null, "", alone ? `#alone=${encodeURIComponent(alone)}` : location.pathname + location.search);
    showAlone();
    const shown = document.querySelector(".shown-alone");
    if (shown) shown.scrollIntoView({block: "start"});
    const full = document.fullscreenElement;
    if (alone && !full && document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => {});
    if (!alone && full) document.exitFullscreen().catch(() => {});
  }
  document.addEventListener("keydown", (event) => { if (event.key === "Escape" && alone) setAlone(""); });
  document.addEventListener("fullscreenchange", () => { if (!document.fullscreenElement && alone) setAlone(""); });
  function take(message) {
    if (message.type === "clock") {
      time(message.seconds);
    } else if (message.type === "view") {
      const same = message.game === game && message.at === at;  // the same position, its odds come
      if (!same) problem("");
      if (message.game !== game) heard.clear();
      game = message.game; at = message.at;
      if (message.turn && !turn && navigator.vibrate) navigator.vibrate(120);
      const turnStarts = student && message.turn && !turn && !same;
      turn = message.turn;
      document.title = (turn ? words.turn : "") + words.title;
      const from = document.activeElement && document.activeElement.closest(".region");
      fill(message.regions, same);
      if (student) { news(); refocus(from && from.id, turnStarts); }
      if (!same) time(message.turn ? message.clock : 0);
      if (!same) body.classList.remove("busy");
    } else if (message.type === "room") {
      fill(message.regions, true);
      showAlone();
    } else if (message.type === "error") {
      problem(message.message);
      body.classList.remove("busy");
    } else if (message.type === "ack") {
      problem("");
    } else if (message.type === "notice") {
      fill({notice: message.html}, true);
    } else if (message.type === "reload") {  // the class's language changed: the page comes again in it
      wait = -1;
      location.reload();
    } else if (message.type === "gone") {
      problem(message.message);
      wait = -1;
      setTimeout(() => { location.href = message.join || "/"; }, 3000);
    }
  }
  function connect() {
    clearTimeout(retry);
    socket = new WebSocket(url);
    socket.onopen = () => { wait = 500; status(words.connected, true); };
    socket.onmessage = (event) => take(JSON.parse(event.data));
    socket.onclose = () => {
      body.classList.remove("busy");
      if (wait < 0) return;
      status(words.reconnecting, false);
      retry = setTimeout(connect, wait);
      wait = Math.min(wait * 2, 4000);
    };
  }
  function send(payload) {
    if (!socket || socket.readyState !== WebSocket.OPEN) { problem(words.offline); return; }
    const move = student && !payload.type;  // a student's other message (sitting down) goes as it is
    const message = move ? {type: "move", game: game, at: at, move: payload} : payload;
    if (student) body.classList.add("busy");
    socket.send(JSON.stringify(message));
  }
  function fields(form, submitter) {
    const payload = JSON.parse(form.dataset.send);
    if (submitter && submitter.dataset.type) payload.type = submitter.dataset.type;
    for (const field of form.elements) {
      if (!field.name) continue;
      if (field.type === "checkbox") { payload[field.name] = field.checked; continue; }
      const whole = field.hasAttribute("data-int") && /^[0-9]{1,9}$/.test(field.value.trim());
      payload[field.name] = whole ? parseInt(field.value, 10) : field.value;
    }
    return payload;
  }
  document.addEventListener("click", (event) => {
    const hide = event.target.closest("button[data-hide]");
    if (hide) { const box = hide.closest(".region"); box.innerHTML = ""; shown.set(box.id, ""); return; }
    const show = event.target.closest("button[data-alone]");
    if (show) { setAlone(show.dataset.alone === alone ? "" : show.dataset.alone); return; }
    if (event.target.closest("button[data-time]")) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({type: "time"}));
      return;
    }
    const button = event.target.closest("button[data-send]");
    if (button && !body.classList.contains("busy")) send(JSON.parse(button.dataset.send));
  });
  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-send]");
    if (!form) return;
    event.preventDefault();
    if (!body.classList.contains("busy")) send(fields(form, event.submitter));
  });
  // A phone that wakes up reconnects at once rather than at its next try.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && wait >= 0 && socket.readyState > WebSocket.OPEN) connect();
  });
  connect();
})();
