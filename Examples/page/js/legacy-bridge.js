// The old carrier-page helper: posts hybrid://…?parameter=<JSON> through a hidden iframe.
var legacySeq = 0;
function legacyCall(action, params, callback) {
  var name = 'legacyCb' + (++legacySeq);
  window[name] = function (payload) { delete window[name]; callback(payload); };
  var body = Object.assign({ action: action, callback: name }, params);
  var iframe = document.createElement('iframe');
  iframe.style.display = 'none';
  iframe.setAttribute('width', '0');
  iframe.src = 'hybrid://bridge?parameter=' + encodeURIComponent(JSON.stringify(body));
  document.body.appendChild(iframe);
  setTimeout(function () { iframe.parentNode.removeChild(iframe); }, 0);
}
