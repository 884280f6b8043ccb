// The shape of a verb reading, shared by the verb readings (shell-verbs.ts) and the cmdlet
// readings (shell-cmdlet-verbs.ts) without either importing the other.

/**
 * `scratch`: a destroy that reaches only a scratch scope (shell-verb-scope.ts), read as `dev-data ...`;
 * `own-output`: a build tool's clean of its own output, read as `own-output ...` (no rule matches it).
 */
export type VerbKind = 'destroy' | 'destroy-all' | 'readonly' | 'scratch' | 'own-output';

export interface VerbReading {
  kind: VerbKind;
  /** `cli-destroy kubectl delete deploy api` (see the file comment). */
  text: string;
  /** What was found, for explain: `delete (kubectl)`. */
  from: string;
}
