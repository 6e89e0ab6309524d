// A page script checked against the protocol: every call is validated before any handler (or
// mock) runs.  scripts/run Examples/protocol/page.js --schemas Examples/protocol/schemas --mock Examples/protocol/mock.json
(async () => {
  const user = await bridge.call('user.getInfo', { fields: ['nickname', 'vipLevel'] });
  console.log('user:', user.nickname, 'vip', user.vipLevel);
  try {
    await bridge.call('nav.open', { page: 'profile', userId: '12', extra: { source: 'Home Feed' } });
  } catch (e) {
    console.log(e.code + ':');
    for (const v of e.details) console.log('  ' + v.path + ': ' + v.message);
  }
  const opened = await bridge.call('nav.open', { page: 'userCenter', userId: 8848 });
  console.log('opened:', opened.opened);
})();
