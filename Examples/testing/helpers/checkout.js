// Page code the checkout test imports (as a page's own module would be).
export const analytics = { track(event, data) { bridge.post('track', { event, data }); } };

export async function checkout(amount) {
  const order = await bridge.call('pay.start', { amount });
  analytics.track('paid', { orderId: order.orderId });
  return order;
}

export function showReceipt(order) {
  const receipt = { orderId: order.orderId, shownAt: new Date().toISOString(), open: true };
  setTimeout(() => { receipt.open = false; }, 5000);
  return receipt;
}
