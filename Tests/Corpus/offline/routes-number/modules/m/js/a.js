console.log('module script ran');
