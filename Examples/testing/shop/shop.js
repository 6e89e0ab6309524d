// The sale page: greets the user, shows the cart native code pushes, counts the offer down and
// answers native code's questions about its state.
(function () {
  var state = { items: 0, left: 10, expired: false };
  var $ = function (id) { return document.getElementById(id); };

  bridge.call('user.get', {}).then(function (user) {
    $('user').textContent = 'Hello, ' + user.name;
  }, function (error) {
    $('user').textContent = 'Sign in (' + error.code + ')';
  });

  // The deals come from the shop's HTTP API.
  fetch('/api/deals').then(function (r) { return r.json(); }).then(function (deals) {
    $('deals').textContent = deals.map(function (d) { return d.name + ' -' + d.off + '%'; }).join(', ');
  }, function () {
    $('deals').textContent = 'No deals today';
  });

  // Native code pushes the cart when it changes.
  bridge.on('cart.updated', function (cart) {
    state.items = cart.items.length;
    $('cart').textContent = 'Cart: ' + state.items + (state.items === 1 ? ' item' : ' items');
  });

  // Native code asks the page for its state (a JS handler answered to native).
  bridge.register('page.getState', function (query) {
    return { items: state.items, secondsLeft: state.left, expired: state.expired, asked: query.field || null };
  });

  var timer = setInterval(function () {
    state.left -= 1;
    $('left').textContent = String(state.left);
    if (state.left === 0) {
      clearInterval(timer);
      state.expired = true;
      $('offer').textContent = 'Offer ended';
      bridge.call('analytics.track', { event: 'offer_expired' });
    }
  }, 1000);

  $('checkout').addEventListener('click', function () {
    bridge.call('pay.start', { items: state.items }).then(function (receipt) {
      location.href = 'receipt.html?order=' + encodeURIComponent(receipt.orderId);
    });
  });
})();
