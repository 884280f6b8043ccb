// Gates of the verb readings that verbCandidates (shell-verbs.ts) runs on every simple command.
//
// Each reading named here can find something only when the command's words hold one of a few
// ASCII stems, in any case. The stems are tested once per command on its words joined and
// lower-cased, so a command with none of them costs the reading nothing. A gate must be
// necessary, never sufficient: every stem list below is worked out from what the reading tests
// (the comment says which test), and the reading keeps all its own checks. Lower-casing keeps
// every ASCII letter an ASCII letter at its place, so a stem the reading matches in any case is
// found in the lowered text. When a reading learns a new word, add its stem here;
// `node bench/gates-exact.mjs` decides every corpus call with every gate open and lists any call
// a gate changed (a merge that taught a reading a new word without its stem showed up there).

export type VerbGate =
  | 'envValues'
  | 'reveal'
  | 'secretNoun'
  | 'secretGet'
  | 'keyExport'
  | 'mint'
  | 'subscription'
  | 'shipVerb'
  | 'prodChange'
  | 'expiry'
  | 'trafficMove'
  | 'rollout'
  | 'listed'
  | 'lossMark';

export const VERB_GATES: Readonly<Record<VerbGate, RegExp>> = {
  // envValuesReading (shell-cli-secrets.ts): a subcommand word that is ENV_NOUN (env*, *vars,
  // variable*, app[-]settings, secret-groups, printenv), `config` before show/export/env, or
  // SECRET_NOUN (secret*)
  envValues: /env|var|settings|secret|config/,
  // revealReading: REVEAL_OPTION, after asOption (which only inserts or swaps in hyphens, so it
  // makes no stem the word lacked); every option it lists holds one of these
  reveal: /secret|show|reveal|unmask|sensitive|decrypt|plain|secure/,
  // secretGetReading: `show-decrypted`, a GET_VERB part among the first operands, or a task
  // named `...config`
  secretGet: /get|show|read|print|value|cat|reveal|export|config/,
  // secretNounReading (shell-cli-secrets.ts, called from shell.ts): a VALUE_NOUN in the subcommand
  // path (secret, token, pass*, pwd, cred*, *key*, conn*, dsn, kube*config, pat, bearer), a
  // `decrypt` subcommand, or a `secret/NAME` operand; camel case lowered keeps each stem
  secretNoun: /secret|token|pass|pwd|cred|key|conn|dsn|kube|pat|bearer|decrypt/,
  // privateKeyExportReading: EXPORT_WORD, or the tool Export-PfxCertificate
  keyExport: /export/,
  // mintReading: MINT_VERB beside a noun, a generate-/create-/... joined noun, or a tool named
  // (reset|create|generate|issue|mint)-...-token
  mint: /reset|create|gen|new|mint|issue|add/,
  // cliSubscriptionReading (saas-actions.ts): STANDING in a subcommand word
  subscription: /subscri|hook|forward|phone-numbers|notification/,
  // shipVerbReading (shell-ship-verbs.ts, given scriptToolWords' words, which are these words or
  // their base names): a Publish-/Deploy- cmdlet or -Publish, a SHIP verb (deploy, publish,
  // promote, ship, broadcast), a forced FORCED_SHIP verb (release, rollout, submit, activate,
  // go-live, golive, launch), an OWNER_NOUN (owner, collaborator, maintainer, publisher) or an
  // image build's --push / --output type=registry,push=true, or a network mount's path; a
  // PUSH_VERB (up, upload, sync, put) beside a production switch or a PACKAGE_VERB (distribute)
  shipVerb:
    /deploy|publish|promote|ship|broadcast|release|rollout|submit|activate|live|launch|push|registry|owner|upload|sync|\bup\b|\bput\b|distribute|collaborator|maintainer|[gG][pP][lL]ink|[rR][oO][bB][oO][cC][oO][pP][yY]|NETLOGON|SYSVOL|[nN]etlogon|[sS]ysvol|\/(?:mnt|net|nfs|shared?|software|volumes)\//,
  // prodChangeReading (shell-verbs.ts): a word PROD matches (prod, production, prd, live), or a
  // CHANNEL_OPTION (channel, track, ring, audience, dist-tag, tag) naming every user's channel
  prodChange: /prod|prd|live|channel|track|ring|audience|tag/,
  // expiryReading: a lifecycle or retention subcommand, or --[backup-]retention-period
  expiry: /lifecycle|retention/,
  // trafficMoveReading (shell-traffic-moves.ts, given scriptToolWords' words): a part of the
  // subcommand words that DNS_NOUN (dns, record*, rrset*, zone*, resource-records, dns-records)
  // or TRAFFIC_NOUN (traffic, weight*, split*, canary, route*, routing, shift) matches
  trafficMove: /dns|record|rrset|zone|traffic|weight|split|canary|rout|shift/,
  // rolloutReading (shell-rollouts.ts): a VERB among the subcommand words (upgrade, rollout,
  // roll-out, install, reinstall, flash, push, distribute, assign, update-firmware,
  // firmware-update, upgrade/update/install/push/rollout -all or _all), one of the options
  // --install --upgrade --flash --push --rollout, or a tool named by VERB_IN_NAME (install,
  // upgrade, rollout, flash, push, distribute)
  rollout: /install|upgrade|rollout|roll-out|flash|push|distribute|assign|firmware|update[-_]all/,
  // listedSendReading and listedEndReading (bulk-actions.ts): a word isComputed (shell-verbs.ts)
  // takes as known only at run time: `*`, `?`, `{}`, `$(` or a backquote in it, or a name a loop
  // or `read` bound (verbCandidates tests computedVars beside this gate)
  listed: /[*?`]|\{\}|\$\(/,
  // lossMarkReadings (shell-loss-marks.ts), tested on the lower-cased words with `-` and `_`
  // dropped (it reads option names so: `--deletion-protection` is `deletionprotection`): the stems
  // of every way it finds a loss: CMDLET_LOSS and GLUED_PROGRAM names (remove, clear, unregister,
  // purge, revoke, delete, destroy, kill, drop, wipe, terminate); a protection switched off
  // (PROTECTION_NAME: hold, *protection, prevent*, objectlock, immutab*, versioning, softdelete,
  // pointintimerecovery, retention; PROTECTION_NOUN adds backup; `disable-` cmdlets); a hold
  // lifted (HOLD_PATH: hold, lock, preservation); PURGE_OPTION, HARD_TYPE and PERMANENT (purge,
  // clean, drop, reset, wipe, recreate, delete, recycle, trash, destroy, erase, remove, shred,
  // permanent, forever); REINSTALL (install, reinit, reset); FINAL_ALWAYS and FINAL_PROMPTED
  // (renounce, burn, self-destruct, abandon, forfeit, relinquish, exit, retire, close);
  // NAMED_REMOVAL and DASH_VERB (remove, del, destroy, terminate, purge, wipe, erase)
  lossMark:
    /remove|clear|unregister|purge|revoke|del|destr|kill|drop|wipe|terminat|hold|protect|prevent|lock|immutab|versioning|pointintime|retention|backup|disable|clean|reset|recreate|recycle|trash|erase|shred|permanent|forever|install|reinit|preservation|exit|retire|close|renounce|burn|abandon|forfeit|relinquish/,
};

/** The stems of one command, tested once per gate: the words joined and lower-cased. */
export function gateText(words: readonly string[]): string {
  return words.join(' ').toLowerCase();
}
