console.log('OUTSIDE-SECRET: a package page read a file outside its package');
