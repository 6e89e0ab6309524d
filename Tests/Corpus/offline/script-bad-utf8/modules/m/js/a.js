console.log('café');
