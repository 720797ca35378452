// bluffmath calculators, the worker: Pyodide and the core run here, off the page's thread,
// so that the page never freezes while Python starts or computes. It holds no mathematics:
// it passes the form's text to one Python function and hands back the JSON it returns.
//
// The protocol (postMessage, both ways):
//   page -> worker  {type: "start", indexURL, wheel, language, words}
//                                                        once, first: where Pyodide and the wheel are,
//                                                        the page's language and its words
//   worker -> page  {type: "step", step}                 0-3 as Python starts (the page's STEPS)
//   worker -> page  {type: "ready"}                      the calculators are imported
//   worker -> page  {type: "failed", message}            Python could not start; why
//   page -> worker  {type: "calculate", id, calculator, values, replaceable}
//                                                        values: the form's text, by field name
//   worker -> page  {type: "answer", id, json}           the calculator's JSON: the answer, or
//                                                        {"error": message} for input it refuses
//   worker -> page  {type: "skipped", id}                a newer replaceable request came first
// Requests sent before "ready" wait for it and are answered in order. While one calculation
// runs, the requests that arrive queue up; of the replaceable ones (the form's, each newer
// than the last) only the newest is computed.

let calculate = null;
let language = "en";
let words = {};
const t = (key, values = {}) => (words[key] ?? key).replace(/\{(\w+)\}/g, (all, name) => values[name] ?? all);
const queue = [];
let scheduled = false;

async function start(data) {
  const { indexURL, wheel } = data;
  language = data.language || "en";
  words = data.words || {};
  try {
    postMessage({ type: "step", step: 0 });
    const module = import(`${indexURL}pyodide.mjs`).catch((error) => {
      throw new Error(t("Pyodide did not load from {url} ({reason})", { url: indexURL, reason: error.message }));
    });
    const archive = fetch(wheel).then((response) => {
      if (!response.ok) throw new Error(t("{file}: HTTP {status}", { file: wheel, status: response.status }));
      return response.arrayBuffer();
    }, (error) => { throw new Error(t("{file} did not load ({reason})", { file: wheel, reason: error.message })); });
    const { loadPyodide } = await module;
    postMessage({ type: "step", step: 1 });
    const data = await archive;
    postMessage({ type: "step", step: 2 });
    const pyodide = await loadPyodide({ indexURL });
    postMessage({ type: "step", step: 3 });
    pyodide.unpackArchive(data, "wheel");
    calculate = pyodide.pyimport("bluffmath.embed.calculators").calculate_json;
    postMessage({ type: "ready" });
    schedule();
  } catch (error) {
    postMessage({ type: "failed", message: error.message });
  }
}

function schedule() {
  if (scheduled || calculate === null || queue.length === 0) return;
  scheduled = true;
  setTimeout(next, 0); // a task of its own: messages that arrived meanwhile join the queue first
}

function next() {
  scheduled = false;
  const request = queue.shift();
  if (request.replaceable && queue.some((later) => later.replaceable)) {
    postMessage({ type: "skipped", id: request.id });
  } else {
    let json;
    try {
      json = calculate(request.calculator, JSON.stringify(request.values), language);
    } catch (error) { // not bluffmath's own refusal (those come back as {"error": ...}): a bug
      json = JSON.stringify({ error: t("unexpected error: {reason}", { reason: error.message }) });
    }
    postMessage({ type: "answer", id: request.id, json });
  }
  schedule();
}

addEventListener("message", ({ data }) => {
  if (data.type === "start") start(data);
  else if (data.type === "calculate") {
    queue.push(data);
    schedule();
  }
});
