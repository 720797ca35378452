// Issue 43 (WCAG 2.2 AA, 2.1.1): a box that scrolls sideways (a wide table, formula or
// output on a phone) takes the keyboard's focus, so that it can be scrolled without a
// mouse. Boxes drawn later (a widget's output, a typeset formula) are marked as they come.
"use strict";
(() => {
  function mark(root) {
    const boxes = root.nodeType === 1 ? [root, ...root.querySelectorAll("*")] : [];
    for (const box of boxes) {
      if (box.tabIndex >= 0 || box.scrollWidth <= box.clientWidth + 1) continue;
      const overflow = getComputedStyle(box).overflowX;
      if (overflow === "auto" || overflow === "scroll") box.tabIndex = 0;
    }
  }
  const all = () => mark(document.body);
  document.addEventListener("DOMContentLoaded", () => {
    all();
    new MutationObserver((changes) => {  // once the page is read: what is drawn after it
      for (const change of changes) for (const node of change.addedNodes) mark(node.parentElement || node);
    }).observe(document.body, { childList: true, subtree: true });
  });
  window.addEventListener("load", all);
  window.addEventListener("resize", all);
})();
