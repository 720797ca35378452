// bluffmath calculators: the page's script. It shows at once the answer written into the page
// (the core's JSON for the form's own values, computed when the page was written), starts
// Python in a worker (bluffmath-embed-worker.js: Pyodide and the core, off this thread, so the
// page never freezes), checks the written answer against the live core there, and on every
// change sends the form's text to the worker. It holds no mathematics: it fills the form from
// the address, sends the form, and shows the JSON that comes back.
const body = document.body;
const form = document.querySelector("form.bluffmath-form");
const find = (selector) => document.querySelector(selector);
// The page's words in its language (bluffmath.embed.site.SCRIPT_WORDS, from the catalogs):
// t("computing…"), t("(about {decimal}, {percent})", {decimal, percent}).
const WORDS = JSON.parse(document.getElementById("bluffmath-words").textContent);
const t = (key, values = {}) => (WORDS[key] ?? key).replace(/\{(\w+)\}/g, (all, name) => values[name] ?? all);

const controls = () => [...form.elements].filter((element) => element.name);
// Names the address gives that the form lacks (?player=4 for players): sent once, with the
// first calculation, so that Python names the mistake instead of answering another question.
let unknownFromAddress = {};

// The answer written into the page: the calculator's JSON (exactly what the worker returns)
// for `values`, every field at its default.
const writtenElement = document.getElementById("bluffmath-written");
const written = writtenElement && {
  values: JSON.parse(writtenElement.dataset.values),
  json: writtenElement.textContent,
};

let worker = null;
let ready = false;
let failed = null; // why Python could not start, once it could not
let waiting = null; // the form's values, changed before Python was ready
let asked = 0; // the form's requests so far: only the newest one's answer is shown
let nextId = 0;
const replies = new Map(); // request id -> function taking the JSON (null: skipped)

// A value a drop-down does not offer (?players=9) is added to it as typed, so that Python
// names the mistake; setting it alone would leave the drop-down empty and change the question.
function fillFromAddress() {
  const query = new URLSearchParams(location.search);
  const names = new Set(controls().map((element) => element.name));
  for (const [name, value] of query) {
    if (!names.has(name)) unknownFromAddress[name] = value;
  }
  for (const element of controls()) {
    if (!query.has(element.name)) continue;
    const value = query.get(element.name);
    if (element.tagName === "SELECT" && ![...element.options].some((o) => o.value === value)) {
      element.add(new Option(value, value));
    }
    element.value = value;
  }
}

function showSeats() {
  const players = Number(form.elements.players?.value);
  for (const set of form.querySelectorAll("[data-needs-players]")) {
    set.hidden = players < Number(set.dataset.needsPlayers);
  }
}

// The form's text; a control that is hidden (a seat not at the table) is not sent.
function values() {
  const shown = controls().filter((element) => !element.closest("[hidden]"));
  return Object.fromEntries(shown.map((element) => [element.name, element.value]));
}

// Whether the form holds the values the written answer is for (and the address named no
// field the form lacks: that is a mistake for Python to name).
function writtenFits() {
  return Boolean(written) && Object.keys(unknownFromAddress).length === 0
    && controls().every((element) => written.values[element.name] === element.value);
}

function address(sent) {
  const query = new URLSearchParams();
  for (const element of controls()) {
    const value = sent[element.name];
    if (value !== undefined && (value !== "" || element.dataset.default !== "")) {
      query.set(element.name, value);
    }
  }
  return query.toString();
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function tableOf(data) {
  const table = document.createElement("table");
  table.append(cell("caption", data.caption));
  const head = table.createTHead().insertRow();
  for (const name of data.header) head.append(cell("th", name));
  const rows = table.createTBody();
  for (const row of data.rows) {
    const line = rows.insertRow();
    row.forEach((text, i) => line.append(cell(i === 0 ? "th" : "td", text)));
  }
  return table;
}

// The one renderer, for the written answer and the live ones alike. A refusal takes the old
// answer off the screen and shows the message in its place.
function render(out) {
  const error = find(".error");
  const result = find(".result");
  error.hidden = !out.error;
  error.textContent = out.error ?? "";
  result.hidden = Boolean(out.error);
  if (out.error) return;
  find(".answer .label").textContent = out.answer.label;
  find(".answer .fraction").textContent = out.answer.fraction;
  find(".answer .approx").textContent = t("(about {decimal}, {percent})", out.answer);
  find(".lines").replaceChildren(...out.lines.map((line) => cell("li", line)));
  find(".tables").replaceChildren(...out.tables.map(tableOf));
  find(".details").textContent = out.details;
  find(".permalink").href = location.href;
}

function parse(json) {
  try {
    return JSON.parse(json);
  } catch (error) {
    return { error: t("unexpected error: {reason}", { reason: error.message }) };
  }
}

// An answer for the form: shown, and the "computing…" line gone.
function show(out) {
  computing(false);
  render(out);
  body.dataset.answer = out.error ? "refused" : "shown";
}

// The form changed and its answer is on its way: "computing…", and the old answer, dimmed,
// is marked busy (it is not the answer to what the form now says).
function computing(on) {
  const line = find(".computing");
  line.hidden = !on;
  find(".result").setAttribute("aria-busy", String(on));
  if (!on) return;
  line.textContent = ready ? t("computing…") : t("computing… (as soon as Python has started in your browser)");
  find(".error").hidden = true;
  find(".notice").hidden = true;
  body.dataset.answer = "computing";
}

function ask(sent, replaceable) {
  const id = ++nextId;
  worker.postMessage({ type: "calculate", id, calculator: body.dataset.calculator, values: sent, replaceable });
  return new Promise((resolve) => replies.set(id, resolve));
}

async function send(sent) {
  const ticket = ++asked;
  const json = await ask(sent, true);
  if (json !== null && ticket === asked && failed === null) show(parse(json));
}

function run() {
  const sent = values();
  const withUnknown = { ...unknownFromAddress, ...sent };
  unknownFromAddress = {};
  history.replaceState(null, "", `?${address(sent)}`);
  if (failed !== null) {
    show({ error: t("The calculator could not start, so it cannot answer new values: {reason}.", { reason: failed }) });
    return;
  }
  computing(true);
  if (ready) send(withUnknown);
  else waiting = withUnknown;
}

// The same JSON, whatever the spacing: the written answer against the live one.
const canonical = (json) => JSON.stringify(JSON.parse(json));

// The written answer against the live core: the same, or the live one replaces it (if it is
// still on the screen) and the page says so; either way the console has both.
async function check() {
  if (!written) return;
  const json = await ask(written.values, false);
  if (json === null) return;
  const same = canonical(json) === canonical(written.json);
  body.dataset.check = same ? "same" : "differed";
  if (same) return;
  console.warn("bluffmath: the answer written into this page differs from the one computed in this browser;"
    + " the live one is right", { written: JSON.parse(written.json), live: JSON.parse(json) });
  if (body.dataset.answer !== "written") return;
  show(parse(json));
  const notice = find(".notice");
  notice.textContent = t("The answer written into this page when it was made differed from the one your "
    + "browser has just computed; the page now shows the one computed now.");
  notice.hidden = false;
}

// The page's height, posted to the page that embeds it (the snippet's script sets the
// iframe's height from it), whenever it changes: a message {type: "bluffmath-height",
// height} with the height in CSS pixels, to any origin (it tells nothing private).
function postHeight() {
  if (window.parent === window) return;
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  window.parent.postMessage({ type: "bluffmath-height", height }, "*");
}
let lastHeight = 0;

// The status line while Python starts: which step, and a progress bar over the steps.
const STEPS = [
  t("loading Python (Pyodide, about 13 MB the first time)"),
  t("loading the bluffmath wheel"),
  t("starting Python"),
  t("installing bluffmath"),
  t("checking the first answer"),
];
const SLOW = 60_000; // ms: a note that the start is slow (a school network, a phone)
function step(n) {
  find(".status .step").textContent = t("{step}… (step {n} of {steps})", { step: STEPS[n], n: n + 1, steps: STEPS.length });
  const bar = find(".status progress");
  bar.max = STEPS.length;
  bar.value = n;
}

function fail(message) {
  if (failed !== null || ready) return;
  failed = message;
  const status = find(".status");
  status.replaceChildren(cell("strong", t("The calculator could not start.") + " "),
    t("{reason}. Reload the page to try again; if it fails again, the site that serves it may lack a file "
      + "or serve it with the wrong type (see the bluffmath embedding how-to).", { reason: message }));
  status.classList.add("failed");
  body.dataset.state = "failed";
  if (body.dataset.answer === "computing") {
    show({ error: t("The calculator could not start, so it cannot answer these values: {reason}.", { reason: message }) });
  }
}

async function started() {
  ready = true;
  step(4);
  const first = waiting && send(waiting);
  waiting = null;
  await Promise.all([first, check()]);
  find(".status").hidden = true;
  window.bluffmathReady = performance.now();
  body.dataset.state = "ready";
}

function onMessage({ data }) {
  if (data.type === "step") step(data.step);
  else if (data.type === "ready") started();
  else if (data.type === "failed") fail(data.message);
  else if (data.type === "answer" || data.type === "skipped") {
    const reply = replies.get(data.id);
    replies.delete(data.id);
    reply?.(data.type === "answer" ? data.json : null);
  }
}

function startWorker() {
  const indexURL = new URL(body.dataset.pyodide, document.baseURI).href;
  const wheel = new URL(body.dataset.wheel, document.baseURI).href;
  const script = new URL("bluffmath-embed-worker.js", import.meta.url);
  try {
    worker = new Worker(script, { type: "module" });
  } catch (error) {
    fail(t("the worker {script} did not start ({reason})", { script, reason: error.message }));
    return;
  }
  worker.addEventListener("message", onMessage);
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail(t("the worker {script} did not load or stopped ({reason})", { script, reason: event.message || t("no reason given") }));
  });
  worker.postMessage({ type: "start", indexURL, wheel, language: document.documentElement.lang, words: WORDS });
}

function start() {
  new ResizeObserver(postHeight).observe(body);
  addEventListener("load", postHeight);
  fillFromAddress();
  showSeats();
  if (writtenFits()) {
    render(parse(written.json));
    body.dataset.answer = "written";
  } else { // the address asks another question: Python answers it
    waiting = { ...unknownFromAddress, ...values() };
    unknownFromAddress = {};
    computing(true);
    find(".status .lead").textContent = t("Python is starting in your browser: ");
  }
  form.addEventListener("change", (event) => {
    if (event.target.name === "players") showSeats();
    run();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  step(0);
  startWorker();
  const slow = setTimeout(() => {
    if (body.dataset.state === "loading") {
      find(".status .note").textContent = " " + t("Still loading after a minute: a slow network takes longer.");
    }
  }, SLOW);
  new MutationObserver(() => {
    if (body.dataset.state !== "loading") clearTimeout(slow);
  }).observe(body, { attributes: true, attributeFilter: ["data-state"] });
}

start();
