// Served from the "chat" module after its md5 was checked against file.json.
bridge.call('chat.history', { room: 'r1', limit: 2 }).then(function (h) {
  document.getElementById('messages').textContent = h.messages.join(' | ');
  console.log(util.greet('chat') + ':', document.getElementById('messages').textContent);
});
