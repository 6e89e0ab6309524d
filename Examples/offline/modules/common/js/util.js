// Served from the "common" module (hit rule cres.example.com/common).
window.util = { greet: function (name) { return 'hi ' + name; } };
