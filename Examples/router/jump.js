// The router component: nav.open with jump URLs; an AB route table may redirect a jump.
//   scripts/run Examples/router/jump.js --routes Examples/router/routes.json --trace -
(async () => {
  const params = encodeURIComponent(JSON.stringify({ city: 'bj' }));
  const a = await bridge.call('nav.open', { url: 'wbmain://jump/job/list?ABMark=123&params=' + params });
  console.log('opened ' + a.component + '/' + a.path + ' via AB route ' + a.abRoute.id);
  const b = await bridge.call('nav.open', { url: 'wbmain://jump/house/map?ABMark=expired' });
  console.log('opened ' + b.component + '/' + b.path + ' via ' + b.handledBy);
})();
