// The bar under a picture shown smaller than its natural size (graphs.js sizes it): a note and
// a button that opens it full size in a dialog (keyboard too; Escape or Close puts it back).

// The bar under a graph shown smaller than its natural size: a note and the full-size button.
// Measured first (for every picture of the page), then put in place: one layout for the page,
// not one per picture.
export function measureZoom(svg) {
  const box = svg.closest(".lit-display");
  if (!box || !svg.dataset.litNatural) return null;
  const reduced = svg.getBoundingClientRect().width < Number(svg.dataset.litNatural) - 2;
  return { svg, box, reduced, wide: box.scrollWidth > box.clientWidth + 1 };
}

export function placeZoomBar({ svg, box, reduced, wide }) {
  let bar = box.nextElementSibling;
  if (!bar || !bar.classList.contains("lit-zoom-bar")) {
    if (!reduced) return;
    bar = document.createElement("p");
    bar.className = "lit-zoom-bar";
    bar.innerHTML = '<span></span> <button type="button">Open it full size</button>';
    bar.querySelector("button").addEventListener("click", () => openFullSize(svg));
    box.after(bar);
  }
  bar.hidden = !reduced;
  bar.querySelector("span").textContent = wide
    ? "Wider than the page: scroll the picture sideways, or"
    : "Shown smaller than its natural size:";
}

const updateZoomBar = (svg) => {
  const measured = measureZoom(svg);
  if (measured) placeZoomBar(measured);
};

// The picture itself moves into a modal dialog and back (no copy: ids stay unique).
function openFullSize(svg) {
  const home = svg.parentElement;
  const placeholder = document.createComment("full-size view");
  home.insertBefore(placeholder, svg);
  const dialog = document.createElement("dialog");
  dialog.className = "lit-zoom";
  dialog.setAttribute("aria-label", "The picture at full size");
  dialog.innerHTML =
    '<form method="dialog"><button type="submit">Close (Esc)</button></form><div class="lit-zoom-body"></div>';
  const body = dialog.querySelector(".lit-zoom-body");
  const width = svg.style.width;
  svg.style.width = `${svg.dataset.litNatural}px`;
  body.append(svg);
  document.body.append(dialog);
  dialog.addEventListener("close", () => {
    svg.style.width = width;
    placeholder.replaceWith(svg);
    dialog.remove();
    updateZoomBar(svg);
  });
  dialog.showModal();
  // a graph is drawn left to right: open it at its output, where backward starts, as the
  // page's box does (markScrollable); a plot opens at its start
  if (svg.classList.contains("lit-graph")) body.scrollLeft = body.scrollWidth;
}
