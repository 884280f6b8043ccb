// A remote-procedure call to a daemon on this machine or the private network, judged by the method
// it names rather than by the daemon: JSON-RPC (`{"method": "dumpwallet"}`) and XML-RPC
// (`<methodName>supervisor.stopAllProcesses</methodName>`) are how wallets and nodes, download
// managers, process supervisors and torrent clients take orders over HTTP, and the method's verb
// says what the call does, whatever the port. A method that exports or unlocks keys and wallets,
// sends funds from a wallet, stops or kills what the daemon runs, or has it fetch a URL into a
// folder reads as `local-rpc-control HOST METHOD` (asked); reads such as `getblockcount`,
// `eth_blockNumber` or `supervisor.getState` are not this, nor a dev chain's own `evm_*` and
// `anvil_*`/`hardhat_*` test methods.
// Sources: Bitcoin Core RPC reference (dumpwallet, dumpprivkey, importprivkey, walletpassphrase,
// sendtoaddress, sendmany, stop), Ethereum JSON-RPC and Geth's personal namespace
// (personal_unlockAccount, personal_importRawKey, personal_sendTransaction), aria2 RPC (aria2.addUri,
// aria2.addTorrent, aria2.shutdown), Supervisor XML-RPC (supervisor.stopAllProcesses,
// supervisor.shutdown), Transmission RPC (torrent-add), Monero wallet RPC (query_key, transfer).

/** The method names a request body calls (JSON-RPC `method`, batches included, and XML-RPC). */
function methodsOf(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/["']?method["']?\s*:\s*["']([\w.:-]+)["']/g)) out.push(m[1] ?? '');
  for (const m of body.matchAll(/<methodName>\s*([\w.:-]+)\s*<\/methodName>/g)) out.push(m[1] ?? '');
  return out;
}

/** Verbs of a method (its last part) that hand over keys or funds, stop the daemon's work or fetch into a folder. */
const CONTROL = new RegExp(
  [
    // keys and wallets exported, imported or unlocked
    String.raw`dump(?:wallet|privkey|priv_?key|keys?)`,
    String.raw`export(?:priv|private|wallet|seed|mnemonic|keys?)\w*`,
    String.raw`import(?:privkey|rawkey|wallet|mnemonic)\w*`,
    String.raw`(?:query_key|get_?(?:mnemonic|seed|private_?key|privkey))`,
    String.raw`walletpassphrase\w*|unlock(?:account|wallet)?`,
    // funds sent from the daemon's wallet
    String.raw`send(?:toaddress|many|from|transaction)|transfer(?:_split)?|sweep_all`,
    // the daemon's processes stopped or killed, the daemon itself shut down
    String.raw`stop(?:all)?(?:processes|process|processgroup)?|shutdown|forceshutdown|kill\w*|halt`,
    // a URL fetched into a folder the caller picks
    String.raw`add(?:uri|torrent|metalink)|torrent-add`,
  ].join('|'),
  'i',
);

/** The control methods a body calls on a local daemon, as `local-rpc-control HOST METHOD` readings. */
export function rpcControlReadings(host: string, body: string): string[] {
  if (!body || !/method/i.test(body)) return [];
  const out: string[] = [];
  for (const m of methodsOf(body)) {
    const verb = m.split(/[._:]/).filter(Boolean);
    const last =
      verb.length > 1 && /^(?:personal|aria2|supervisor|system|wallet|eth)$/i.test(verb[0] ?? '')
        ? verb.slice(1).join('_')
        : m;
    if (new RegExp(`^(?:${CONTROL.source})$`, 'i').test(last)) out.push(`local-rpc-control ${host} ${m}`);
  }
  return out;
}
