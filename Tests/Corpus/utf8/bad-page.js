console.log('ÿþ');
