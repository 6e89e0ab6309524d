// An interval nobody clears: the run limit stops it, exit 3.
setInterval(() => {}, 1000);
