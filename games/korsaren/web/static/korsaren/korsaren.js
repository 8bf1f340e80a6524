// Korsaren's table, on top of the platform's table.js (loaded by korsaren/table/board.html):
// - marks the cards that just arrived (the discard pile's top, the card drawn into the hand, the
//   pier sliding up when its first card is taken) for short CSS animations (korsaren.css);
// - the lay-down panel: opening it takes you to it, each change of crew reads the new limit;
// - the set-sail panel follows the card chosen in the hand; Cancel closes it.
(() => {
  const byId = (id) => document.getElementById(id);
  const text = (el) => (el ? el.textContent.replace(/\s+/g, " ").trim() : "");
  const page = () => window.tablePage || { announce() {}, forget() {}, handChoice: () => null };

  // --- Animations (CSS does nothing with these classes under prefers-reduced-motion) -----------

  const take = () => ({
    discard: document.querySelector(".pile--discard .pile-top > .card")?.dataset.card || "",
    pier: [...document.querySelectorAll(".pier-row [data-card]")].map((c) => c.dataset.card),
    drawn: document.querySelector(".hand-card--drawn input")?.value || "",
  });
  let snapshot = take();
  let pending = false;

  const animate = () => {
    pending = false;
    const before = snapshot;
    const now = take();
    snapshot = now;
    if (now.discard && now.discard !== before.discard) {
      document.querySelector(".pile--discard .pile-top > .card")?.classList.add("card--arrived");
    }
    if (now.drawn && now.drawn !== before.drawn) {
      byId(`hand-${now.drawn}`)?.closest(".hand-card")?.classList.add("hand-card--arrived");
    }
    // The pier's first card was taken: the rest slide up the pier.
    if (now.pier.length && now.pier.length < before.pier.length && before.pier[1] === now.pier[0]) {
      document.querySelector(".pier-row")?.classList.add("pier-row--shifted");
    }
  };

  document.addEventListener("htmx:oobAfterSwap", () => {
    if (pending) return;
    pending = true;
    setTimeout(animate, 0);
  });

  // --- The lay-down panel --------------------------------------------------------------------

  document.addEventListener("htmx:afterSwap", (event) => {
    const panel = byId("laydown-panel");
    if (!panel || event.detail.target?.id !== "laydown-panel") return;
    page().forget("table-actions"); // the panel inside it changed: a push may close it again
    const source = event.detail.requestConfig?.elt;
    if (source?.matches?.("[data-opens-panel]")) {
      byId("laydown-heading")?.focus();
    } else {
      page().announce([text(panel.querySelector(".limit, .error"))]);
    }
  });

  // The set-sail panel follows the card chosen in the hand (issue 18): the card it discards is
  // always the one the hand shows chosen. Cancel closes it and goes back to the discard.
  document.addEventListener("change", (event) => {
    const input = event.target;
    const sailing = document.querySelector('#laydown-panel form[data-kind="sail"]');
    const opener = byId("set-sail");
    if (!sailing || !opener || !input.matches?.('#hand-form input[name="card"]')) return;
    htmx.ajax("GET", opener.getAttribute("hx-get"), {
      source: input,
      target: "#laydown-panel",
      swap: "outerHTML",
      values: { card: input.value },
    });
  });
  document.addEventListener("click", (event) => {
    if (!event.target.closest?.("[data-closes-panel]")) return;
    const panel = byId("laydown-panel");
    panel.replaceChildren();
    page().forget("table-actions");
    (byId("set-sail") || page().handChoice())?.focus();
  });
})();
