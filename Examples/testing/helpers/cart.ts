// A helper of the project's own, imported by a TypeScript test.
export interface CartItem { sku: string; qty: number }

export function cartOf(...skus: string[]): { items: CartItem[] } {
  return { items: skus.map((sku) => ({ sku, qty: 1 })) };
}
