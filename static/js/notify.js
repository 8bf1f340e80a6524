// "Your turn" (issue 21), for signed-in players; the site works without it. No inline scripts.
// - The header's socket (templates/base.html, games.consumers.TurnsConsumer) swaps in the count
//   of tables waiting for you, and, if you switched browser notifications on in your profile,
//   a hidden #turn-alert when a turn of yours begins: it becomes the browser's notification,
//   shown unless this very tab is the table and in view. Several tabs show it once (its tag).
// - The profile's checkbox asks the browser for its permission when you tick it, never before.
(() => {
  const supported = "Notification" in window;

  document.addEventListener("htmx:oobAfterSwap", () => {
    const alert = document.getElementById("turn-alert");
    if (!alert?.dataset.title || alert.dataset.done) return;
    alert.dataset.done = "1";
    const wanted = alert.closest("[data-browser-notifications]");
    if (!wanted || !supported || Notification.permission !== "granted") return;
    const url = alert.dataset.url;
    if (!document.hidden && location.pathname === url) return; // you are looking at it
    const note = new Notification(alert.dataset.title, { body: alert.dataset.body, tag: alert.dataset.tag });
    note.addEventListener("click", () => {
      window.focus();
      location.assign(url);
    });
  });

  document.addEventListener("change", (event) => {
    const box = event.target.closest("input[data-ask-notify]");
    if (!box || !box.checked) return;
    const denied = document.getElementById("notify-denied");
    if (!supported) {
      box.checked = false;
      if (denied) denied.hidden = false;
      return;
    }
    if (Notification.permission === "granted") return;
    Notification.requestPermission().then((answer) => {
      if (answer !== "granted") {
        box.checked = false;
        if (denied) denied.hidden = false;
      }
    });
  });
})();
