// A rejected promise nobody handles: exit 1.
async function load() {
  await bridge.call('does.not.exist');
}
load();
