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
  | 'expiry';

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
  // image build's --push / --output type=registry,push=true, or a network mount's path
  shipVerb:
    /deploy|publish|promote|ship|broadcast|release|rollout|submit|activate|live|launch|push|registry|owner|collaborator|maintainer|[gG][pP][lL]ink|[rR][oO][bB][oO][cC][oO][pP][yY]|NETLOGON|SYSVOL|[nN]etlogon|[sS]ysvol|\/(?:mnt|net|nfs|shared?|software|volumes)\//,
  // prodChangeReading (shell-verbs.ts): a word PROD matches (prod, production, prd, live), or a
  // CHANNEL_OPTION (channel, track, ring, audience, dist-tag, tag) naming every user's channel
  prodChange: /prod|prd|live|channel|track|ring|audience|tag/,
  // expiryReading: a lifecycle or retention subcommand, or --[backup-]retention-period
  expiry: /lifecycle|retention/,
};

/** The stems of one command, tested once per gate: the words joined and lower-cased. */
export function gateText(words: readonly string[]): string {
  return words.join(' ').toLowerCase();
}
