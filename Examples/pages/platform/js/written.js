console.log('written src script: sees #written: ' + !!document.getElementById('written'));
