import { Cart, Status, type Item } from "./lib/cart";

const items: Item[] = [
  { sku: "A1", price: 1250, qty: 2 },
  { sku: "B7", price: 499, qty: 1 },
];
const cart = new Cart();
for (const item of items) cart.add(item);
console.log(`total ${(cart.total() / 100).toFixed(2)}, status ${Status[cart.status]}`);

interface User {
  name: string;
  level: number;
}
bridge.call("user.get", {}).then((user: User) => {
  console.log(`hello ${user.name} (level ${user.level})`);
});
