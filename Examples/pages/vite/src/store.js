import { plural } from './lib/format.js';

const listeners = new Set();
export const state = { orders: [], filter: 'all' };

export function subscribe(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export function update(patch) {
  Object.assign(state, patch);
  listeners.forEach((fn) => fn(state));
}
export const visible = () => state.orders.filter((o) => state.filter === 'all' || o.status === state.filter);
export const summary = () => plural(visible().length, 'order');
