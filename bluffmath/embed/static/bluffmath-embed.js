// bluffmath calculators: load Pyodide, install the core's wheel, and on every change call
// one Python function with the form's text. This script holds no mathematics: it fills the
// form from the address, sends the form, and shows the JSON that comes back.
const body = document.body;
const form = document.querySelector("form.bluffmath-form");
const find = (selector) => document.querySelector(selector);
let calculate = null;

const controls = () => [...form.elements].filter((element) => element.name);
// Names the address gives that the form lacks (?player=4 for players): sent once, with the
// first calculation, so that Python names the mistake instead of answering another question.
let unknownFromAddress = {};

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

function render(out) {
  const error = find(".error");
  const result = find(".result");
  error.hidden = !out.error;
  error.textContent = out.error ?? "";
  result.hidden = Boolean(out.error);
  if (out.error) return;
  find(".answer .label").textContent = out.answer.label;
  find(".answer .fraction").textContent = out.answer.fraction;
  find(".answer .approx").textContent = `(about ${out.answer.decimal}, ${out.answer.percent})`;
  find(".lines").replaceChildren(...out.lines.map((line) => cell("li", line)));
  find(".tables").replaceChildren(...out.tables.map(tableOf));
  find(".details").textContent = out.details;
  find(".permalink").href = location.href;
}

function run() {
  if (calculate === null) return; // the first calculation runs when Python is ready
  const sent = values();
  const withUnknown = { ...unknownFromAddress, ...sent };
  unknownFromAddress = {};
  history.replaceState(null, "", `?${address(sent)}`);
  let out;
  try {
    out = JSON.parse(calculate(body.dataset.calculator, JSON.stringify(withUnknown)));
  } catch (error) {
    out = { error: `unexpected error: ${error.message}` };
  }
  render(out);
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
  "loading Python (Pyodide, about 13 MB the first time)",
  "loading the bluffmath wheel",
  "starting Python",
  "installing bluffmath",
  "computing the first answer",
];
const SLOW = 60_000; // ms: a note that the start is slow (a school network, a phone)
function step(n) {
  find(".status .step").textContent = `${STEPS[n]}… (step ${n + 1} of ${STEPS.length})`;
  const bar = find(".status progress");
  bar.max = STEPS.length;
  bar.value = n;
}

function fail(message) {
  const status = find(".status");
  status.replaceChildren(cell("strong", "The calculator could not start. "),
    `${message}. Reload the page to try again; if it fails again, the site that serves it `
    + `may lack a file or serve it with the wrong type (see the bluffmath embedding how-to).`);
  status.classList.add("failed");
  body.dataset.state = "failed";
}

async function start() {
  new ResizeObserver(postHeight).observe(body);
  addEventListener("load", postHeight);
  fillFromAddress();
  showSeats();
  form.addEventListener("change", (event) => {
    if (event.target.name === "players") showSeats();
    run();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  const slow = setTimeout(() => {
    if (body.dataset.state === "loading") {
      find(".status .note").textContent = " Still loading after a minute: a slow network takes longer.";
    }
  }, SLOW);
  try {
    const indexURL = new URL(body.dataset.pyodide, document.baseURI).href;
    step(0);
    const module = import(`${indexURL}pyodide.mjs`).catch((error) => {
      throw new Error(`Pyodide did not load from ${indexURL} (${error.message})`);
    });
    const wheel = fetch(body.dataset.wheel).then((response) => {
      if (!response.ok) throw new Error(`${body.dataset.wheel}: HTTP ${response.status}`);
      return response.arrayBuffer();
    }, (error) => { throw new Error(`${body.dataset.wheel} did not load (${error.message})`); });
    const { loadPyodide } = await module;
    step(1);
    const archive = await wheel;
    step(2);
    const pyodide = await loadPyodide({ indexURL });
    step(3);
    pyodide.unpackArchive(archive, "wheel");
    calculate = pyodide.pyimport("bluffmath.embed.calculators").calculate_json;
    step(4);
    find(".status").hidden = true;
    run();
    window.bluffmathReady = performance.now();
    body.dataset.state = "ready";
  } catch (error) {
    fail(error.message);
  } finally {
    clearTimeout(slow);
  }
}

start();
