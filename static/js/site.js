// Small progressive enhancements; the site works without them. No inline scripts (CSP).
// Loaded with `defer`, so the page is parsed when this runs.

// The language menu submits itself when a language is picked (also in htmx-swapped content).
document.addEventListener("change", (event) => {
  if (event.target.matches("select[data-autosubmit]")) {
    event.target.form.requestSubmit();
  }
});

// The theme menu: light, dark or the system's. The choice is kept in a cookie that the server
// reads to render <html data-theme> (so the next page has no flash of the other theme).
document.addEventListener("change", (event) => {
  const select = event.target.closest("[data-theme-select]");
  if (!select) return;
  const theme = select.value;
  const root = document.documentElement;
  if (theme === "light" || theme === "dark") {
    root.dataset.theme = theme;
    document.cookie = `theme=${theme}; path=/; max-age=31536000; samesite=lax`;
  } else {
    delete root.dataset.theme;
    document.cookie = "theme=; path=/; max-age=0; samesite=lax";
  }
});

// A copy button ([data-copy] names the element whose text it copies, e.g. the invite link):
// the button then says so for a moment, read out by screen readers as its new name.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  const source = button && document.getElementById(button.dataset.copy);
  if (!source) return;
  try {
    await navigator.clipboard.writeText(source.textContent.trim());
  } catch {
    getSelection().selectAllChildren(source); // no clipboard here: selected, to copy by hand
    return;
  }
  const label = button.textContent;
  button.textContent = button.dataset.copied;
  setTimeout(() => (button.textContent = label), 2000);
});

// Last: tells the CSS (and the browser tests) that the enhancements are in place.
document.documentElement.classList.add("js");
