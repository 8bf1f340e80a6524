/* Cartagena 2's table: where the chosen card would take each of your pirates is marked on the
   board before you confirm (CG5), as is the pirate a focused choice would move (CG6, CG7); a
   marked place on the board can be tapped to play that move. The server sends the choices
   (their data-from-id and data-to-id); this script only marks and forwards. */
(function () {
  "use strict";

  function chosenCard() {
    var input = document.querySelector("#hand-form input[name=card]:checked");
    return input ? input.value : null;
  }

  function clear() {
    document.querySelectorAll(".c2-target, .c2-target--this, .c2-from").forEach(function (el) {
      el.classList.remove("c2-target", "c2-target--this", "c2-from");
    });
  }

  function mark(from, to, cls) {
    var a = from && document.getElementById(from);
    var b = to && document.getElementById(to);
    if (a) a.classList.add("c2-from");
    if (b) b.classList.add(cls);
  }

  function playButtons() {
    var card = chosenCard();
    if (!card) return [];
    var group = document.querySelector('.c2-plays[data-card="' + card + '"]');
    return group ? Array.prototype.slice.call(group.querySelectorAll("button.c2-move")) : [];
  }

  function refresh(focused) {
    clear();
    playButtons().forEach(function (b) {
      mark(null, b.dataset.toId, "c2-target");
    });
    if (focused && focused.dataset && focused.dataset.toId) {
      mark(focused.dataset.fromId, focused.dataset.toId, "c2-target--this");
    } else if (focused && focused.tagName === "SELECT") {
      var opt = focused.selectedOptions[0];
      if (opt) mark(opt.dataset.fromId, opt.dataset.toId, "c2-target--this");
    }
  }

  document.addEventListener("change", function (e) {
    if (e.target.closest("#hand-form") || e.target.id === "c2-advance") refresh(e.target);
  });
  document.addEventListener("focusin", function (e) {
    if (e.target.closest(".c2-move, #c2-advance")) refresh(e.target);
  });
  document.addEventListener("mouseover", function (e) {
    var b = e.target.closest(".c2-move");
    if (b) refresh(b);
  });
  document.addEventListener("focusout", function () {
    window.setTimeout(function () { refresh(document.activeElement); }, 0);
  });
  // A marked place on the board plays the one move that goes there.
  document.addEventListener("click", function (e) {
    var place = e.target.closest && e.target.closest(".c2-place.c2-target");
    if (!place) return;
    var moves = playButtons().filter(function (b) { return b.dataset.toId === place.id; });
    if (moves.length === 1) moves[0].click();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    var place = e.target.closest && e.target.closest(".c2-place.c2-target");
    if (!place) return;
    e.preventDefault();
    place.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  // CG9: the discards' count as the cards are ticked; once enough are, the others wait. The
  // ticks survive the region being sent again (another seat discarding meanwhile).
  var ticked = [];
  function countDiscards() {
    var form = document.querySelector(".c2-discard-form");
    if (!form) return;
    var due = parseInt(form.dataset.due, 10);
    var boxes = form.querySelectorAll("input[name=cards]");
    var chosen = form.querySelectorAll("input[name=cards]:checked").length;
    boxes.forEach(function (b) { b.disabled = !b.checked && chosen >= due; });
    var say = form.querySelector(".c2-discard-count");
    if (say) say.textContent = say.dataset.chosenText.replace("%(n)s", chosen).replace("%(due)s", due);
  }
  document.addEventListener("change", function (e) {
    if (e.target.closest(".c2-discard-form")) countDiscards();
  });
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var target = e.detail.target;
    if (!target || target.id !== "table-actions") return;
    ticked = Array.prototype.map.call(
      target.querySelectorAll(".c2-discard-form input[name=cards]:checked"),
      function (b) { return b.id; }
    );
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    ticked.forEach(function (id) {
      var b = document.getElementById(id);
      if (b) b.checked = true;
    });
    if (e.detail.target && e.detail.target.id === "table-actions") ticked = [];
    countDiscards();
    refresh(document.activeElement);
  });
  document.addEventListener("DOMContentLoaded", countDiscards);
  document.addEventListener("htmx:afterSettle", function () { refresh(document.activeElement); });
})();
