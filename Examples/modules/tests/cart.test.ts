import { Cart, Status } from "../lib/cart";

describe("cart", () => {
  test("starts empty", () => {
    expect(new Cart().status).toBe(Status.Empty);
  });

  test("totals its items", () => {
    const cart = new Cart().add({ sku: "A1", price: 250, qty: 4 });
    expect(cart.total()).toBe(1000);
    expect(cart.status).toBe(Status.Open);
  });

  test("refuses a quantity of zero", () => {
    expect(() => new Cart().add({ sku: "Z", price: 1, qty: 0 })).toThrow("quantity of Z must be positive, got 0");
  });
});
