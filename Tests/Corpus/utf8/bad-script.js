console.log('été');
