// A deferred script: runs after parsing, before DOMContentLoaded.
(async function () {
  var app = document.getElementById('app');
  var cart = await bridge.call('cart.get', {});
  app.textContent = cart.items.length + ' items';
  console.log('cart:', app.textContent, '| cookie before:', JSON.stringify(document.cookie));
  document.cookie = 'session=abc123; path=/';
  document.cookie = 'theme=dark';
  localStorage.setItem('lastCart', JSON.stringify(cart));
  console.log('cookie:', document.cookie, '| stored:', localStorage.getItem('lastCart').length > 0);
  window.open('hybrid://bridge?parameter=' + encodeURIComponent(JSON.stringify({ action: 'track', event: 'cart_view' })));
})();
