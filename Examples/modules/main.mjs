// Three local files: this one, lib/format.mjs and vendor/money.js, which lib/format.mjs
// imports by the bare name "money" (mapped by importmap.json).
import { formatPrice } from "./lib/format.mjs";

console.log("price", formatPrice(1999));
