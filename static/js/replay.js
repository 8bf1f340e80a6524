// Replays: step with the keyboard (← → Home End), as the links marked with data-key do.
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const link = document.querySelector(`#replay [data-key="${event.key}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
