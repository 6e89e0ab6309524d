#!/usr/bin/env node
// The reference browser for the page tests: loads PAGE.html in Node with Debian's jsdom
// (node-jsdom), with the same bridge mocks `bridge-run run PAGE --mock MOCK.json` uses, and
// prints the page's console output. It ends when the page is idle (Node's event loop empties:
// no timer or pending mock answer), as `bridge-run` does.
//
//   node scripts/jsdom-reference.js PAGE.html [--mock MOCK.json] [--timeout MS]
//
// Exit status: 0 idle without errors; 1 the page threw (errors go to stderr as
// `[jsdom] message`); 2 usage; 3 the page did not go idle within the time limit.
//
// jsdom has no layout: where it differs from a browser (jQuery's `:visible` is false there,
// `innerText` is undefined) the tests hold what a browser prints and note the difference.
'use strict';
const fs = require('fs');
const path = require('path');

// Debian installs Node modules under /usr/share/nodejs; a Node that is not Debian's own does not
// search there, and jsdom's dependencies are found through NODE_PATH only.
const debianModules = ['/usr/share/nodejs', '/usr/lib/nodejs', '/usr/lib/x86_64-linux-gnu/nodejs', '/usr/lib/aarch64-linux-gnu/nodejs'];
const known = (process.env.NODE_PATH || '').split(path.delimiter).filter(Boolean);
process.env.NODE_PATH = known.concat(debianModules.filter((d) => !known.includes(d))).join(path.delimiter);
require('module')._initPaths();

function usage(message) {
  process.stderr.write('jsdom-reference: ' + message + '\nusage: node scripts/jsdom-reference.js PAGE.html [--mock MOCK.json] [--timeout MS]\n');
  process.exit(2);
}
let pageFile = null, mockFile = null, timeout = 30000;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--mock') mockFile = argv[++i];
  else if (argv[i] === '--timeout') timeout = Number(argv[++i]);
  else if (argv[i].startsWith('--')) usage("unknown option '" + argv[i] + "'");
  else if (pageFile === null) pageFile = argv[i];
  else usage("more than one page: '" + argv[i] + "'");
}
if (pageFile === null) usage('no page given');
if (mockFile === undefined) usage('--mock needs a file');
if (!(timeout > 0)) usage('--timeout needs a positive number of milliseconds');

let jsdom;
try { jsdom = require('jsdom'); } catch (e) {
  process.stderr.write('jsdom-reference: cannot load jsdom (install Debian\'s node-jsdom: scripts/bootstrap --test): ' + e.message + '\n');
  process.exit(2);
}
const { JSDOM, VirtualConsole, ResourceLoader } = jsdom;

const page = path.resolve(pageFile);
const pageDir = path.dirname(page);
let html, mock = {};
try { html = fs.readFileSync(page, 'utf8'); } catch (e) { usage('cannot read ' + pageFile + ': ' + e.message); }
if (mockFile !== null) {
  try { mock = JSON.parse(fs.readFileSync(mockFile, 'utf8')); } catch (e) { usage('cannot read mock ' + mockFile + ': ' + e.message); }
}

// Scripts come from local files, resolved as bridge-run resolves them: a root-relative src names
// a file under the page's folder first, else the absolute path (`/usr/share/javascript/...`).
class LocalFiles extends ResourceLoader {
  fetch(url, options) {
    const src = options && options.element ? options.element.getAttribute('src') : null;
    let file = decodeURIComponent(new URL(url).pathname);
    if (src !== null && src.startsWith('/') && !src.startsWith('//')) {
      const underRoot = path.join(pageDir, src.split(/[?#]/)[0]);
      if (fs.existsSync(underRoot)) file = underRoot;
    }
    try { return Promise.resolve(fs.readFileSync(file)); } catch (e) { return Promise.reject(e); }
  }
}

let failed = false;
const out = new VirtualConsole();
for (const level of ['log', 'info', 'debug']) out.on(level, (...args) => console.log(...args));
for (const level of ['warn', 'error']) out.on(level, (...args) => console.log(...args));
out.on('jsdomError', (e) => {
  failed = true;
  const detail = e.detail && e.detail.message ? e.detail.message : e.message;
  process.stderr.write('[jsdom] ' + detail + '\n');
});

// The bridge SDK as bridge-run's mocks answer it: `bridge.call` resolves with the mock's result
// (or rejects with a BridgeError carrying its code) in a later task, after `delayMs`.
function installBridge(window) {
  function answer(method) {
    const entry = Object.prototype.hasOwnProperty.call(mock, method) ? mock[method] : null;
    return new window.Promise((resolve, reject) => {
      window.setTimeout(() => {
        if (entry === null) return reject(bridgeError('METHOD_NOT_FOUND', "no handler for method '" + method + "'"));
        if (entry.error) return reject(bridgeError(entry.error.code, entry.error.message, entry.error.details));
        resolve(entry.result === undefined ? null : JSON.parse(JSON.stringify(entry.result)));
      }, entry && entry.delayMs ? entry.delayMs : 0);
    });
  }
  function bridgeError(code, message, details) {
    const e = new window.Error(message);
    e.name = 'BridgeError';
    e.code = code;
    e.details = details === undefined ? null : details;
    return e;
  }
  const bridge = {
    call(method, params) { return answer(method); },
    post(method, params, callback) {
      if (typeof params === 'function') callback = params;
      answer(method).then((r) => callback(null, r), (e) => callback(e, undefined));
    },
    on() { return bridge; },
    off() { return bridge; },
    register() { return bridge; },
    unregister() { return bridge; }
  };
  window.bridge = bridge;
}

const dom = new JSDOM(html, {
  url: 'file://' + page,
  runScripts: 'dangerously',
  resources: new LocalFiles(),
  virtualConsole: out,
  pretendToBeVisual: true,
  beforeParse: installBridge
});
// A page that never goes idle (an interval) is stopped at the limit.
const limit = setTimeout(() => {
  process.stderr.write('jsdom-reference: the page did not go idle within ' + timeout + ' ms\n');
  process.exit(3);
}, timeout);
limit.unref();
process.on('exit', (code) => { if (code === 0 && failed) process.exitCode = 1; });
void dom;
