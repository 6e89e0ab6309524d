// A plain .test.js file that requires a module of the project: bundled because of require().
const { Cart } = require("../lib/cart.ts");

test("a required TypeScript module works", () => {
  expect(new Cart().add({ sku: "A1", price: 5, qty: 3 }).total()).toBe(15);
});
