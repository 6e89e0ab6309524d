import currency from "money";

export function formatPrice(cents) {
  return currency.symbol + (cents / 100).toFixed(2);
}
