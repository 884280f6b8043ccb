// The candidate policy set the shadow and replay benches try out: ten policies a team might
// test before turning them on (denies, asks and watches over commands). Each bench names its
// own second-rule program prefixes so the share of calls that differ stays as it measured.

/** The prefixes of the second deny rule of candidate i (matched as "PREFIX *"). */
export type SecondRulePrefix = (i: number) => string;

export const BY_TOOL: SecondRulePrefix = (i) =>
  ['git push', 'npm install', 'docker run', 'pip install', 'curl', 'ssh', 'kubectl', 'terraform', 'aws', 'make'][i] ??
  'make';
export const BY_GIT_VERB: SecondRulePrefix = (i) => `git ${['push', 'commit', 'reset'][i % 3]}`;

/** The YAML text of the ten candidate policies; `messages` gives each first rule a message. */
export function candidatePolicy(prefix: SecondRulePrefix, messages = false): string {
  const policies = Array.from(
    { length: 10 },
    (_, i) => `  - name: candidate-${i}
    match: { tool: [exec] }
    rules:
      - action: ${['deny', 'ask', 'watch'][i % 3]}
        when: { command_matches: ["tool${i} *", "*--flag-${i}*", "git push * team-${i}"] }
${messages ? `        message: candidate rule ${i}\n` : ''}      - action: deny
        when: { command_matches: ["* /srv/prod-${i}/*", "${prefix(i)} *"] }
`,
  );
  return `version: "1"\npolicies:\n${policies.join('')}`;
}
