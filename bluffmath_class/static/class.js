// The class table's one script: it fills the page's regions from the socket and sends what
// a button or form carries. It computes nothing: every number comes from the server.
"use strict";
(() => {
  const body = document.body;
  const student = body.dataset.page === "student";
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + body.dataset.socket;
  const shown = new Map();
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
  function take(message) {
    if (message.type === "view") {
      const same = message.game === game && message.at === at;  // the same position, its odds come
      if (!same) problem("");
      game = message.game; at = message.at;
      if (message.turn && !turn && navigator.vibrate) navigator.vibrate(120);
      turn = message.turn;
      document.title = (turn ? "● Your turn · " : "") + "Class table";
      fill(message.regions, same);
      if (!same) body.classList.remove("busy");
    } else if (message.type === "room") {
      fill(message.regions, true);
    } else if (message.type === "error") {
      problem(message.message);
      body.classList.remove("busy");
    } else if (message.type === "ack") {
      problem("");
    } else if (message.type === "notice") {
      fill({notice: message.html}, true);
    } else if (message.type === "gone") {
      problem(message.message);
      wait = -1;
      setTimeout(() => { location.href = message.join || "/"; }, 3000);
    }
  }
  function connect() {
    clearTimeout(retry);
    socket = new WebSocket(url);
    socket.onopen = () => { wait = 500; status("connected", true); };
    socket.onmessage = (event) => take(JSON.parse(event.data));
    socket.onclose = () => {
      body.classList.remove("busy");
      if (wait < 0) return;
      status("reconnecting…", false);
      retry = setTimeout(connect, wait);
      wait = Math.min(wait * 2, 4000);
    };
  }
  function send(payload) {
    if (!socket || socket.readyState !== WebSocket.OPEN) { problem("Not connected: wait a moment and try again."); return; }
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
