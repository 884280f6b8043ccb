// The landing page of a notification's approve/deny link. It reads the approval id and the
// signed pair from its own address and, on a click, POSTs the decision to the signed resolve
// route. The link alone resolves nothing, so chat link previews cannot approve a call.
const q = new URLSearchParams(location.search);
const id = q.get('id') ?? '';
const sig = q.get('sig') ?? '';
const exp = q.get('exp') ?? '';
const approved = q.get('approved') === 'true';
const question = document.getElementById('resolve-question');
const button = document.getElementById('resolve-confirm');
const result = document.getElementById('resolve-result');

if (!id || !sig || !exp) {
  question.textContent = 'This link is incomplete: it needs an approval id and its signature.';
} else {
  const expires = new Date(Number(exp) * 1000);
  question.textContent = `${approved ? 'Approve' : 'Deny'} approval ${id}? This link works until ${expires.toLocaleString()}.`;
  button.textContent = approved ? 'Approve this call' : 'Deny this call';
  button.hidden = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const res = await fetch(
        `/v1/approvals/${encodeURIComponent(id)}/resolve?sig=${encodeURIComponent(sig)}&exp=${encodeURIComponent(exp)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ approved }),
        },
      );
      const body = await res.json().catch(() => ({}));
      result.textContent = res.ok
        ? `Done: approval ${id} is ${body.status}.`
        : `Not done: ${body.error ?? `HTTP ${res.status}`}.`;
    } catch (err) {
      result.textContent = `Not done: ${err.message}`;
    }
  });
}
