/**
 * The dashboard's only script, on a session's page: it follows the session's file over server-sent
 * events and appends each entry the server renders. Without it (JavaScript off) the page is the
 * transcript as it was when loaded. EventSource reconnects by itself and sends the id of the last
 * event, the byte offset the server goes on from, so nothing is shown twice or skipped.
 */
export const LIVE_TRANSCRIPT_SCRIPT = `(() => {
  const list = document.getElementById('transcript');
  const status = document.getElementById('live-status');
  if (!list || !status || !('EventSource' in window)) return;
  const source = new EventSource(list.dataset.events);
  source.addEventListener('open', () => { status.textContent = 'Live: new entries appear below as the session writes them.'; });
  source.addEventListener('error', () => { status.textContent = 'Live updates paused: reconnecting…'; });
  source.addEventListener('entry', (event) => {
    const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 48;
    list.insertAdjacentHTML('beforeend', event.data);
    if (atEnd) list.lastElementChild.scrollIntoView({ block: 'end' });
  });
})();`;
