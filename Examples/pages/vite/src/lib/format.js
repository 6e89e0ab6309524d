export const currency = (cents) => '¥' + (cents / 100).toFixed(2);
export function plural(n, word) {
  return n + ' ' + word + (n === 1 ? '' : 's');
}
