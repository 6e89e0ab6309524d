// An external script finds its own tag (widgets read their settings this way).
var tag = document.currentScript;
console.log('external: ' + tag.id + ' widget=' + tag.getAttribute('data-widget') + ' src ends with ' + tag.src.split('/').slice(-2).join('/'));
