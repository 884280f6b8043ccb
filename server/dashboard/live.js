// The SSE connection. EventSource retries by itself after a dropped connection; when the server
// refuses the stream outright (restarting, or a rejected token) it gives up, so we reopen it
// ourselves with a growing delay, after checking the token is still good.

const MIN_RETRY_MS = 1000;
const MAX_RETRY_MS = 15000;

/**
 * connectLive({tokenFn, onMessage, onState, onOpen, probe})
 * onState receives 'connecting' | 'live' | 'reconnecting'. onOpen runs on every (re)connect so
 * the page re-reads authoritative state it may have missed. probe() rejects with status 401 when
 * the token is bad; the loop then stops (the page asks for a new token).
 */
export function connectLive({ tokenFn, onMessage, onState, onOpen, probe }) {
  let es = null;
  let retryMs = MIN_RETRY_MS;
  let timer = null;
  let stopped = false;

  function open() {
    if (stopped) return;
    onState(es ? 'reconnecting' : 'connecting');
    const src = new EventSource(`/v1/events/stream?token=${encodeURIComponent(tokenFn())}`);
    es = src;
    src.onopen = () => {
      retryMs = MIN_RETRY_MS;
      onState('live');
      onOpen();
    };
    src.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg && typeof msg.type === 'string') onMessage(msg);
    };
    src.onerror = () => {
      if (stopped || src !== es) return;
      onState('reconnecting');
      if (src.readyState === EventSource.CLOSED) scheduleReopen();
    };
  }

  function scheduleReopen() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        await probe();
      } catch (err) {
        if (err && err.status === 401) return stop();
      }
      open();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
    if (es) es.close();
  }

  open();
  return { stop };
}
