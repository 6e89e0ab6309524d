bridge.call('probe', {}).then(function (r) { console.log('probe ok', JSON.stringify(r)); }, function (e) { console.log('probe failed', e.code); });
