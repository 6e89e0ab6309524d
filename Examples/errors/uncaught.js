// An uncaught exception: bridge-run exits 1 and names the file and line.
console.log('before');
function render() {
  return undefinedVariable.name;
}
render();
