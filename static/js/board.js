// The checkerboard component's move entry (docs/board.md): choosing a move by clicks, taps or
// the keyboard on a board drawn by games/board/grid.jinja. The server sends the legal moves in
// the grid's data-moves as square paths ("c3-d4 c3-e5-c7", or one square, "d8", for a piece
// placed there); this script only keeps the selection and the keyboard cursor, then plays the
// chosen move through the page's move form (form[data-board-form], its [data-board-move] field
// set to the path), which also works alone, as a list. A piece first, then where it goes: a
// chain by its final square when one route leads there, else landing square by landing square.
// What was chosen is said in [data-board-say] (an aria-live line).
(() => {
  const board = () => document.querySelector(".board-grid[role=grid][data-moves]");
  const cell = (sq) => document.getElementById(`sq-${sq}`);
  let selected = []; // the squares chosen so far: the piece, then landing squares
  let cursor = null; // the square the keyboard is on

  const routes = () => {
    const b = board();
    return b ? (b.dataset.moves || "").split(" ").filter(Boolean).map((m) => m.split("-")) : [];
  };
  const candidates = () =>
    routes().filter((r) => r.length > selected.length && selected.every((sq, i) => r[i] === sq));

  const say = (text) => {
    const out = document.querySelector("[data-board-say]");
    if (out) out.textContent = text || "";
  };

  const paint = () => {
    const b = board();
    if (!b) return;
    for (const el of b.querySelectorAll(".sq")) {
      el.classList.remove("sq--selected", "sq--path", "sq--target");
      el.removeAttribute("aria-selected");
    }
    if (!selected.length) return;
    selected.forEach((sq, i) => {
      const el = cell(sq);
      el?.classList.add(i ? "sq--path" : "sq--selected");
      el?.setAttribute("aria-selected", "true");
    });
    for (const r of candidates()) {
      cell(r[selected.length])?.classList.add("sq--target");
      cell(r[r.length - 1])?.classList.add("sq--target");
    }
  };

  const play = (route) => {
    const form = document.querySelector("form[data-board-form]");
    const field = form?.querySelector("[data-board-move]");
    if (!form || !field) return;
    field.value = route.join("-");
    selected = [];
    paint();
    say("");
    form.requestSubmit();
  };

  const choose = (sq) => {
    const b = board();
    const all = routes();
    if (!b || !all.length) return;
    if (!selected.length && all.some((r) => r.length === 1 && r[0] === sq)) {
      play([sq]); // a placement: one square
      return;
    }
    const starts = all.some((r) => r.length > 1 && r[0] === sq);
    if (!selected.length || (selected.length === 1 && starts && sq !== selected[0])) {
      if (!starts) {
        say(b.dataset.sayCannot);
        return;
      }
      selected = [sq];
      say(b.dataset.sayPicked.replace("%s", sq));
      paint();
      return;
    }
    if (sq === selected[selected.length - 1]) {
      selected.pop(); // a second click on the last chosen square takes it back
      say("");
      paint();
      return;
    }
    const cands = candidates();
    const ending = cands.filter((r) => r[r.length - 1] === sq);
    const through = cands.filter((r) => r[selected.length] === sq);
    if (ending.length === 1) {
      play(ending[0]);
    } else if (through.length === 1) {
      play(through[0]);
    } else if (through.length) {
      selected.push(sq);
      paint();
    } else if (ending.length) {
      say(b.dataset.sayRoutes);
    }
  };

  // The cursor: one square of the grid is in the tab order (roving tabindex).
  const moveCursor = (sq, focus) => {
    const b = board();
    if (!b || !cell(sq)) return;
    for (const el of b.querySelectorAll(".sq[tabindex='0']")) el.tabIndex = -1;
    cursor = sq;
    cell(sq).tabIndex = 0;
    if (focus) cell(sq).focus();
  };

  document.addEventListener("click", (event) => {
    const el = event.target.closest(".board-grid .sq[data-sq]");
    if (!el || !board()?.contains(el)) return;
    moveCursor(el.dataset.sq, false);
    choose(el.dataset.sq);
  });

  const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  document.addEventListener("keydown", (event) => {
    const el = event.target.closest?.(".board-grid .sq[data-sq]");
    const b = board();
    if (!el || !b?.contains(el)) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(el.dataset.sq);
    } else if (event.key === "Escape") {
      selected = [];
      say("");
      paint();
    } else if (STEPS[event.key]) {
      event.preventDefault();
      const rows = [...b.querySelectorAll("[role=row]")].map((r) => [...r.querySelectorAll(".sq")]);
      const row = rows.findIndex((r) => r.includes(el));
      const col = rows[row].indexOf(el);
      const [dr, dc] = STEPS[event.key];
      const last = rows.length - 1;
      const next = rows[Math.min(last, Math.max(0, row + dr))];
      moveCursor(next[Math.min(next.length - 1, Math.max(0, col + dc))].dataset.sq, true);
    }
  });

  // A new board from the server: keep the cursor and a selection that is still possible.
  document.addEventListener("htmx:oobAfterSwap", (event) => {
    if (!event.detail.target?.querySelector?.(".board-grid")) return;
    if (selected.length && !candidates().length) selected = [];
    if (cursor && cell(cursor)) moveCursor(cursor, false);
    paint();
  });
})();
