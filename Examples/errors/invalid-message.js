// A raw message that cannot cross the bridge and names no callback: exit 1.
window.webkit.messageHandlers.bridge.postMessage({ method: 'track', params: { at: NaN } });
