// Training frames (scripts/spelled_out/frames.py): every frame is in the page, the last one
// shown. This reveals the slider and switches the frame the boundary and the loss curve show.

export function setUp(root) {
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  const captions = JSON.parse(root.dataset.captions);
  const slider = root.querySelector("input[type=range]");
  const caption = root.querySelector(".mg-frames-caption");
  function show(k) {
    for (const group of root.querySelectorAll("g[data-frame]")) {
      if (+group.dataset.frame === k) group.removeAttribute("display");
      else group.setAttribute("display", "none");
    }
    slider.setAttribute("aria-valuetext", captions[k]);
    caption.textContent = captions[k];
  }
  root.querySelector(".mg-frames-controls").hidden = false;
  slider.addEventListener("input", () => show(+slider.value));
  show(+slider.value);
}
