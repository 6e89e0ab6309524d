console.log('own file served');
