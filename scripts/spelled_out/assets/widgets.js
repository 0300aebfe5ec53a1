// The widgets' one entry point on every page. Each widget's module is fetched only when a
// widget of its kind comes within a screen of the viewport (content.js whenNear): a page loads
// no code for widgets it does not have, and none while it loads for those further down.
import { whenNear } from "./content.js";

// stepper-live.js sets up the stepper (stepper.js), then its editable leaves where it has them
whenNear(".mg-stepper", async (root) => (await import("./stepper-live.js")).setUp(root));
whenNear(".mg-frames", async (root) => (await import("./frames.js")).setUp(root));
whenNear(".mg-visiting[data-visiting]", async (box) => (await import("./visiting.js")).setUp(box));
