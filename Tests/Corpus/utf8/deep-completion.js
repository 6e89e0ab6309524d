var a = 1;
for (var i = 0; i < 9000; i++) a = [a];
console.log('built');
a;
