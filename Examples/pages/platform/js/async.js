order.push('async@' + document.readyState);
