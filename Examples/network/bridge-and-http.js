// A bridge call and an HTTP request answered from one --mock file (its "$http" list).
bridge.call('user.token').then(async ({ token }) => {
  const r = await fetch('/api/profile', { headers: { Authorization: 'Bearer ' + token } });
  console.log('profile:', (await r.json()).name, 'with', token);
});
