// Small progressive enhancements; the site works without them. No inline scripts (CSP).
// Loaded with `defer`, so the page is parsed when this runs.

// The language menu submits itself when a language is picked (also in htmx-swapped content).
document.addEventListener("change", (event) => {
  if (event.target.matches("select[data-autosubmit]")) {
    event.target.form.requestSubmit();
  }
});

// Last: tells the CSS (and the browser tests) that the enhancements are in place.
document.documentElement.classList.add("js");
