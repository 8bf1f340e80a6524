// The turn timer's countdown. The server keeps the real deadline (R10); this only shows it.
(() => {
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
  document.addEventListener("DOMContentLoaded", tick);
})();

// The chat form goes over the table's socket (htmx ws-send): empty it once sent.
document.addEventListener("htmx:wsAfterSend", (event) => {
  if (event.target.id === "chat-form") event.target.reset();
});
