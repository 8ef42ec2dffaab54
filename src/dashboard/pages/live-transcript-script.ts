/**
 * The dashboard's only script, on a session's page: it follows the session's file over server-sent
 * events and appends each entry the server renders. Without it (JavaScript off) the page is the
 * transcript as it was when loaded. EventSource reconnects by itself and sends the id of the last
 * event, the byte offset the server goes on from, so nothing is shown twice or skipped. The status
 * says "Live" only while a run is going on (`data-run-state`, then the feed's `state` events).
 */
export const LIVE_TRANSCRIPT_SCRIPT = `(() => {
  const list = document.getElementById('transcript');
  const status = document.getElementById('live-status');
  if (!list || !status || !('EventSource' in window)) return;
  const said = {
    running: 'Live: the session is running; new entries appear below as it writes them.',
    ended: 'The session’s last run has ended. If the session goes on, its new entries appear below.',
    none: 'The session has not started a run yet. Its entries appear below when it does.',
  };
  let state = Object.hasOwn(said, list.dataset.runState) ? list.dataset.runState : 'none';
  const source = new EventSource(list.dataset.events);
  source.addEventListener('open', () => { status.textContent = said[state]; });
  source.addEventListener('error', () => { status.textContent = 'Updates paused: reconnecting…'; });
  source.addEventListener('state', (event) => {
    if (!Object.hasOwn(said, event.data)) return;
    state = event.data;
    status.textContent = said[state];
  });
  source.addEventListener('entry', (event) => {
    const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 48;
    list.insertAdjacentHTML('beforeend', event.data);
    if (atEnd) list.lastElementChild.scrollIntoView({ block: 'end' });
  });
})();`;
