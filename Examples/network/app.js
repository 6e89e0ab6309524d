// A page script that talks HTTP: fetch, XMLHttpRequest and a WebSocket, answered by the
// fixtures in http.json (run: bridge-run run Examples/network/app.js --http-mock Examples/network/http.json --virtual-time).
async function main() {
  const user = await fetch('/api/user').then(r => r.json());
  console.log('user:', user.name, 'level', user.level);

  const orders = await new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', '/api/orders?page=1');
    xhr.responseType = 'json';
    xhr.onload = () => resolve(xhr.response);
    xhr.onerror = () => reject(new Error('orders failed'));
    xhr.send();
  });
  console.log('orders:', orders.map(o => o.id + '=' + o.total).join(', '));

  const created = await fetch('https://api.example.com/orders', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ items: ['A1'] }),
  });
  console.log('created:', created.status, (await created.json()).id);

  let stock = await fetch('/api/stock');
  if (stock.status === 503) stock = await fetch('/api/stock');
  console.log('stock:', JSON.stringify(await stock.json()));

  const flags = await fetch('/api/feature-flags');
  console.log('flags:', flags.status, flags.ok);

  await fetch('https://metrics.example.com/hit').catch(e => console.log('metrics:', e.message));

  const ws = new WebSocket('wss://push.example.com/orders');
  ws.onopen = () => ws.send('ping');
  ws.onmessage = e => {
    console.log('push:', e.data);
    if (e.data !== 'pong') ws.close();
  };
}
main();
