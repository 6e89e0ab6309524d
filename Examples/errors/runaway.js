// A runaway script: stopped by the execution time limit, exit 3.
console.log('spinning');
while (true) {}
