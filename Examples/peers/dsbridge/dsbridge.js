// A stand-in for DSBridge 3's page script (npm `dsbridge`), written for BridgeRuntime's examples
// from the protocol (docs/peers.md): same globals and wire format — `var bridge`, `dsBridge`,
// `_dsbridge.call(method, '{"data":…,"_dscbstub":"dscbN"}')` or
// `prompt('_dsbridge=' + method, …)`, `{"code":0,"data":…}` answers, `_handleMessageFromNative`,
// `_dsb.dsinit` / `_dsb.returnValue`. To run a page against the real file, put it here instead.
var bridge = {
  call: function (method, args, cb) {
    if (typeof args === 'function') { cb = args; args = {}; }
    var arg = { data: args === undefined ? null : args };
    if (typeof cb === 'function') {
      var name = 'dscb' + window.dscb++;
      window[name] = cb;
      arg._dscbstub = name;
    }
    var text = JSON.stringify(arg), ret = '';
    if (window._dsbridge) ret = _dsbridge.call(method, text);
    else if (window._dswk || navigator.userAgent.indexOf('_dsbridge') !== -1) ret = prompt('_dsbridge=' + method, text);
    return JSON.parse(ret || '{}').data;
  },
  register: function (name, fun, asyn) {
    var q = asyn ? window._dsaf : window._dsf;
    if (!window._dsInit) {
      window._dsInit = true;
      setTimeout(function () { bridge.call('_dsb.dsinit'); }, 0);
    }
    if (typeof fun === 'object') q._obs[name] = fun; else q[name] = fun;
  },
  registerAsyn: function (name, fun) { this.register(name, fun, true); },
  hasNativeMethod: function (name, type) { return this.call('_dsb.hasNativeMethod', { name: name, type: type || 'all' }); },
  disableJavascriptDialogBlock: function (disable) { this.call('_dsb.disableJavascriptDialogBlock', { disable: disable !== false }); }
};
(function () {
  if (window._dsf) return;
  var state = {
    _dsf: { _obs: {} }, _dsaf: { _obs: {} }, dscb: 0, dsBridge: bridge,
    close: function () { bridge.call('_dsb.closePage'); },
    _handleMessageFromNative: function (info) {
      var args = JSON.parse(info.data);
      var ret = { id: info.callbackId, complete: true };
      var f = this._dsf[info.method], af = this._dsaf[info.method], owner = this._dsf;
      if (!f && !af) {
        var parts = info.method.split('.');
        if (parts.length < 2) return;
        var m = parts.pop(), ns = parts.join('.');
        var o = this._dsf._obs[ns];
        if (o && typeof o[m] === 'function') { f = o[m]; owner = o; }
        else { o = this._dsaf._obs[ns]; if (o && typeof o[m] === 'function') { af = o[m]; owner = o; } else return; }
      } else if (af) owner = this._dsaf;
      if (f) {
        ret.data = f.apply(owner, args);
        bridge.call('_dsb.returnValue', ret);
      } else {
        args.push(function (data, complete) {
          ret.data = data;
          ret.complete = complete !== false;
          bridge.call('_dsb.returnValue', ret);
        });
        af.apply(owner, args);
      }
    }
  };
  for (var k in state) window[k] = state[k];
  bridge.register('_hasJavascriptMethod', function (method) {
    var parts = method.split('.');
    if (parts.length < 2) return !!(window._dsf[method] || window._dsaf[method]);
    var m = parts.pop(), ns = parts.join('.');
    var o = window._dsf._obs[ns] || window._dsaf._obs[ns];
    return !!(o && o[m]);
  });
})();
