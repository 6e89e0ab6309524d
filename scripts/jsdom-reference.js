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

// Module scripts: jsdom runs none, so each `<script type="module">` (inline or `src`) is bundled
// by Debian's esbuild with the page's import map (bare names only, as bridge-run maps them) into
// a classic script, and the bundles run where browsers run modules: after the document is parsed
// (here: at the end of <body>, in document order). CSS a module imports becomes a <style> in
// <head>, as Vite's client injects it. A module that fails to bundle is printed like a page error.
let failed = false;
function bundleModules(source) {
  const { execFileSync } = require('child_process');
  const os = require('os');
  const aliases = [];
  source = source.replace(/<script\b[^>]*\btype\s*=\s*["']?importmap["']?[^>]*>([\s\S]*?)<\/script>/gi, (all, text) => {
    let map;
    try { map = JSON.parse(text); } catch (e) { failed = true; process.stderr.write('[jsdom] import map: ' + e.message + '\n'); return ''; }
    for (const [key, value] of Object.entries(map.imports || {})) {
      const file = value.startsWith('/') ? value : path.resolve(pageDir, value);
      aliases.push('--alias:' + key.replace(/\/$/, '') + '=' + file.replace(/\/$/, ''));
    }
    return '';
  });
  const bundles = [];
  let css = '';
  source = source.replace(/<script\b([^>]*)\btype\s*=\s*["']?module["']?([^>]*)>([\s\S]*?)<\/script>/gi, (all, before, after, text) => {
    const attrs = before + ' ' + after;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attrs);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsdom-module-'));
    const args = ['--bundle', '--format=iife', '--platform=browser', '--target=es2022', '--log-level=error', '--color=false',
      '--define:process.env.NODE_ENV="production"', '--outdir=' + dir, '--entry-names=bundle'].concat(aliases);
    let input;
    if (src) {
      const rel = src[1];
      const underRoot = rel.startsWith('/') ? path.join(pageDir, rel) : path.resolve(pageDir, rel);
      args.push(rel.startsWith('/') && !fs.existsSync(underRoot) ? rel : underRoot);
    } else {
      args.push('--sourcefile=' + path.basename(page) + ' (module script)');
      input = text;
    }
    try {
      execFileSync('esbuild', args, { cwd: pageDir, input: input === undefined ? '' : input, stdio: ['pipe', 'ignore', 'pipe'] });
      bundles.push(fs.readFileSync(path.join(dir, 'bundle.js'), 'utf8'));
      const cssFile = path.join(dir, 'bundle.css');
      if (fs.existsSync(cssFile)) css += fs.readFileSync(cssFile, 'utf8');
    } catch (e) {
      failed = true;
      process.stderr.write('[jsdom] ' + String(e.stderr || e.message).trim() + '\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return '';
  });
  if (bundles.length === 0) return source;
  const scripts = bundles.map((b) => '<script>' + b.replace(/<\/script/gi, '<\\/script') + '</script>').join('');
  if (css) source = source.replace(/<\/head>/i, '<style>' + css + '</style></head>');
  return /<\/body>/i.test(source) ? source.replace(/<\/body>(?![\s\S]*<\/body>)/i, scripts + '</body>') : source + scripts;
}

// Scripts come from local files, resolved as bridge-run resolves them: a root-relative src names
// a file under the page's folder first, else the absolute path (`/usr/share/javascript/...`).
class LocalFiles extends ResourceLoader {
  fetch(url, options) {
    if (url.startsWith('data:')) return super.fetch(url, options);
    const src = options && options.element ? options.element.getAttribute('src') : null;
    let file = decodeURIComponent(new URL(url).pathname);
    if (src !== null && src.startsWith('/') && !src.startsWith('//')) {
      const underRoot = path.join(pageDir, src.split(/[?#]/)[0]);
      if (fs.existsSync(underRoot)) file = underRoot;
    }
    try { return Promise.resolve(fs.readFileSync(file)); } catch (e) { return Promise.reject(e); }
  }
}

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

html = bundleModules(html);
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
