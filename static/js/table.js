// The live table. The server pushes each changed region (status, seats, centre, hand, moves,
// result, log, chat) and htmx swaps it in by id. This script, all optional:
// - skips a swap whose HTML is what the page already shows (a move's response and the socket's
//   push often carry the same region), so nothing flickers and animations are not cut short;
// - keeps the keyboard focus: when the focused element is swapped out, focus goes to its new
//   copy, else to a sensible next place (your hand after a draw, your moves, the region itself);
// - tells screen readers what changed, through #announcer (never swapped, so it is always heard):
//   new move-log lines, whose turn it is, a move out of turn open to you, a round's result, new
//   chat lines, the lay-down limit;
// - counts the turn timer down (the server keeps the real deadline, R10);
// - sends moves over the socket while it is open (else posts them; then says whether the socket
//   is open, and a move's answer needn't carry regions);
// - lends a game's own script (loaded by its board template) what it needs: window.tablePage
//   (announce, forget a region's HTML, the hand's card to focus).
(() => {
  const byId = (id) => document.getElementById(id);
  const text = (el) => (el ? el.textContent.replace(/\s+/g, " ").trim() : "");
  // Said one after another, each a sentence of its own ("Man (Black) wins. carla resigned.").
  const sentence = (words) => (/[.!?…:]$/.test(words) || !words ? words : `${words}.`);
  const shown = new Map(); // region id -> the HTML it was last swapped in with
  let focus = null; // what had the focus in a region being swapped out
  let checked = null; // the card chosen in the hand before the hand was swapped
  const choices = new Map(); // select id -> the value the player chose, kept across a swap
  let snapshot = null;
  let pending = false;

  // --- What the table shows, for announcements and animations -------------------------------

  const take = () => {
    const result = byId("round-result");
    const heading = result && result.querySelector(":scope > h2");
    return {
      log: [...document.querySelectorAll("#table-log .move-log li")].map(text),
      turn: byId("table-status")?.dataset.announce || "",
      result: heading ? text(heading) : "",
      resultText: result
        ? [heading, result.querySelector(":scope > p"), result.querySelector(".winners")]
            .filter(Boolean)
            .map((el) => sentence(text(el)))
            .join(" ")
        : "",
      chat: [...document.querySelectorAll("#chat-log li[data-message]")].map((li) => li.dataset.message),
      // A move out of turn open to this seat (an interjection): announced when it appears.
      optional: byId("optional-moves")?.outerHTML || "",
    };
  };

  const chatLine = (li) => {
    const clone = li.cloneNode(true);
    clone.querySelector(".report-link")?.remove();
    return text(clone);
  };

  const announcer = byId("announcer");
  let clearTimer = null;
  const announce = (messages) => {
    const said = messages.filter(Boolean).map(sentence).join(" ");
    if (!said || !announcer) return;
    // Empty first, then fill: the same words twice in a row are still read out.
    announcer.textContent = "";
    clearTimeout(clearTimer);
    setTimeout(() => {
      announcer.textContent = said;
    }, 60);
    clearTimer = setTimeout(() => {
      announcer.textContent = "";
    }, 8000);
  };

  const changed = () => {
    const before = snapshot;
    const now = take();
    snapshot = now;
    if (!before) return;
    const said = [];
    // New move-log lines, and lines that now say more (lay-downs are revealed at the scoring).
    // A shorter log is a new round's: all of it is new.
    const old = new Map();
    if (now.log.length >= before.log.length) {
      for (const line of before.log) old.set(line, (old.get(line) || 0) + 1);
    }
    for (const line of now.log) {
      if (old.get(line)) old.set(line, old.get(line) - 1);
      else said.push(line);
    }
    if (now.result && now.result !== before.result) said.push(now.resultText);
    if (now.turn && now.turn !== before.turn) said.push(now.turn);
    if (now.optional && now.optional !== before.optional) said.push(byId("optional-moves").dataset.announce);
    const oldChat = new Set(before.chat);
    for (const li of document.querySelectorAll("#chat-log li[data-message]")) {
      if (!oldChat.has(li.dataset.message)) said.push(chatLine(li));
    }
    announce(said);
  };

  const later = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      changed();
      restoreFocus();
    }, 0);
  };

  // --- Swaps ---------------------------------------------------------------------------------

  const describe = (el) => ({
    id: el.id,
    tag: el.tagName,
    name: el.getAttribute("name"),
    value: el.getAttribute("value"),
    label: text(el),
  });

  const usable = (el) =>
    el && el.isConnected && !el.disabled && !el.closest("[hidden], [inert]") && el.getClientRects().length > 0;

  const find = (d) => {
    if (d.id) return byId(d.id);
    const region = byId(d.region);
    if (!region) return null;
    for (const el of region.querySelectorAll(d.tag)) {
      if (d.name ? el.getAttribute("name") === d.name && el.getAttribute("value") === d.value : text(el) === d.label) {
        return el;
      }
    }
    return null;
  };

  const handChoice = () =>
    [
      document.querySelector("#hand-form input:checked"),
      document.querySelector("#hand-form [data-new] input"),
      document.querySelector("#hand-form input"),
    ].find(usable);

  const restoreFocus = () => {
    if (!focus) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) {
      focus = null;
      return;
    }
    const d = focus;
    focus = null;
    const candidates = [find(d)];
    // The draw buttons are gone after a draw: pick a card to discard next.
    if (d.region === "table-actions" || d.region === "my-hand") candidates.push(handChoice());
    if (d.region === "my-hand") candidates.push(byId("table-actions")?.querySelector("button:not(:disabled)"));
    candidates.push(byId(d.region), byId("table-actions"));
    const target = candidates.find((el) => usable(el) || (el && el.isConnected && el.tabIndex === -1 && el.getClientRects().length));
    target?.focus();
  };

  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const target = event.detail.target;
    const incoming = event.detail.fragment?.firstElementChild;
    // New move-log lines put at the top of its list: the log is no longer what it was sent as.
    if (target && !target.id && target.closest("#table-log")) shown.delete("table-log");
    if (!target?.id || !incoming) return;
    const html = incoming.outerHTML;
    if (shown.get(target.id) === html && target.isConnected) {
      event.detail.shouldSwap = false; // the page shows this already
      return;
    }
    shown.set(target.id, html);
    const active = document.activeElement;
    if (active && active !== document.body && target.contains(active)) {
      focus = { ...describe(active), region: target.id };
    }
    if (target.id === "my-hand") {
      checked = target.querySelector("input:checked")?.value || null;
    }
    // A choice the player made in a list (a bot's level) survives the region being sent
    // again, as it is when the socket connects just after the page loaded (issue 28.17).
    for (const select of target.querySelectorAll("select[id]")) {
      const given = [...select.options].find((o) => o.defaultSelected) || select.options[0];
      if (given && select.value !== given.value) choices.set(select.id, select.value);
    }
  });

  document.addEventListener("htmx:oobAfterSwap", (event) => {
    for (const [id, value] of choices) {
      const select = byId(id);
      if (select && [...select.options].some((o) => o.value === value)) select.value = value;
    }
    choices.clear();
    if (event.detail.target?.id === "my-hand" || byId("hand-form")) {
      // Keep the card you had chosen chosen, if it is still in your hand.
      if (checked) {
        const input = byId(`hand-${checked}`);
        if (input && !input.disabled && !document.querySelector("#hand-form input:checked")) input.checked = true;
        checked = null;
      }
    }
    later();
  });

  // --- The turn timer ------------------------------------------------------------------------

  const format = (ms) => {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };
  const tick = () => {
    for (const el of document.querySelectorAll(".timer[data-deadline]")) {
      el.textContent = format(Date.parse(el.dataset.deadline) - Date.now());
    }
  };
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
  document.addEventListener("htmx:oobAfterSwap", tick);

  // While the socket is open it brings every change of the table, to this tab as to the others:
  // the answer to a move then only clears the message line (views.LIVE_HEADER).
  // Only the table's own socket counts: the header's (the "your turn" count) is another one.
  let live = false;
  let socket = null;
  const tableSocket = (event) => event.target.closest?.(".table");
  // The table says whether its socket is open (data-live): for tests and styles.
  document.addEventListener("htmx:wsOpen", (event) => {
    const table = tableSocket(event);
    if (!table) return;
    live = true;
    socket = event.detail.socketWrapper;
    table.dataset.live = "1";
  });
  // Closed because the session ended (4419: signed out, a new password) or the account was
  // banned (4401; games/consumers.py), or a request found no session (401, games/views.py):
  // the page says why and stops offering moves that would do nothing.
  const sessionGone = (kind) => {
    const notice = byId("session-notice");
    if (!notice || !notice.hidden) return;
    notice.querySelector("p").textContent = notice.dataset[kind];
    notice.hidden = false;
    document.querySelector(".table")?.setAttribute("inert", "");
    notice.focus();
  };
  const SESSION_GONE = { 4401: "banned", 4419: "ended" };
  document.addEventListener("htmx:wsClose", (event) => {
    const table = tableSocket(event);
    if (!table) return;
    live = false;
    delete table.dataset.live;
    const kind = SESSION_GONE[event.detail.event?.code];
    if (kind) sessionGone(kind);
  });
  document.addEventListener("htmx:responseError", (event) => {
    if (event.detail.xhr?.status === 401) sessionGone("ended");
  });
  // A move (a form posted to the table's act/ URL) goes over the open socket instead: the server
  // plays it as the post (games/moves.py) and answers with the message line. With the socket
  // down, or if sending fails, htmx posts the form as usual.
  const MOVE_PATH = /\/tables\/\d+\/act\/$/;
  const sendMove = (detail) => {
    if (!live || !socket || detail.verb !== "post" || !MOVE_PATH.test(detail.path)) return false;
    const move = {};
    for (const [name, value] of detail.formData.entries()) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") (move[name] ||= []).push(value);
    }
    try {
      socket.sendImmediately(JSON.stringify({ move }), null);
    } catch {
      return false;
    }
    return true;
  };
  document.addEventListener("htmx:configRequest", (event) => {
    if (sendMove(event.detail)) event.preventDefault();
    else if (live) event.detail.headers["X-Table-Live"] = "1";
  });

  // The chat form goes over the table's socket (htmx ws-send): empty it once sent.
  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.id === "chat-form") event.target.reset();
  });

  // For a game's own script (korsaren.js): say something, forget what a region was last sent as
  // (its content changed in the page: the next push is swapped in), the hand's card to focus.
  window.tablePage = { announce, forget: (id) => shown.delete(id), handChoice };

  // Deferred: the page is parsed. Remember what its regions show (the outermost elements with an
  // id, wherever a game's layout puts them), so that only changes are swapped in and announced:
  // the socket's first push, the same table, leaves the page and the focus alone.
  for (const el of document.querySelectorAll(".table [id]")) {
    if (!el.parentElement?.closest(".table [id]")) shown.set(el.id, el.outerHTML);
  }
  snapshot = take();
  tick();
})();
