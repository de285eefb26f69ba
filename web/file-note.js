// A classic script (it runs from a file:// page too, where modules do not), kept out of
// index.html so the page needs no inline script under its Content-Security-Policy.
// Browsers do not run modules or load the engine from a file:// page; say how to serve it.
if (location.protocol === 'file:') {
  document.getElementById('today').textContent = 'This page has to be served over HTTP.';
  document.getElementById('main').innerHTML =
    '<div class="note error" role="alert"><p>Opened as a file, this page cannot load its ' +
    'puzzle engine: browsers only run it from a web server.</p><p>From the repository, run ' +
    '<code>cargo run --release -- serve --web web</code> (or <code>dayseed serve --web web</code>) ' +
    'and open the address it prints.</p></div>';
}
