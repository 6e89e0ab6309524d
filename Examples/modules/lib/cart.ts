// A cart in TypeScript: an interface, an enum, a class with a private field.
export interface Item {
  sku: string;
  price: number; // in cents
  qty: number;
}

export enum Status {
  Empty,
  Open,
  CheckedOut,
}

export class Cart {
  #items: Item[] = [];

  get status(): Status {
    return this.#items.length === 0 ? Status.Empty : Status.Open;
  }

  add(item: Item): this {
    if (item.qty <= 0) {
      throw new RangeError(`quantity of ${item.sku} must be positive, got ${item.qty}`);
    }
    this.#items.push(item);
    return this;
  }

  total(): number {
    return this.#items.reduce((sum, i) => sum + i.price * i.qty, 0);
  }
}
