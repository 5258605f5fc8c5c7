/* The "contents" button of the article header opens the "on this page" drawer.

   pydata-sphinx-theme listens for clicks on the FIRST .secondary-toggle of the page only (the
   top bar's, hidden by sphinx-book-theme), so the article header's button, the one a reader
   sees below 1600 px (_static/book.css), did nothing. Its clicks are passed on to that one. */
document.addEventListener("DOMContentLoaded", () => {
  const [bound, ...others] = document.querySelectorAll("button.secondary-toggle");
  if (!bound) return;
  for (const button of others) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      bound.click();
    });
  }
});
