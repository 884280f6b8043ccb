// What one call amounts to besides itself: the files it writes, reads, deletes or changes the
// mode of, the hosts it reaches and the commands it makes run. The engine decides each derived
// call with the same policy set as if the agent had made it directly.

/** Tool class of a derived call. write/read/fetch/exec are the ordinary classes; delete and
 * chmod are their own classes so only policies that name them (svc's own files) see them;
 * dependency is third-party code a call brings in, read as a sentence (supply.ts). */
export type EffectTool =
  'write' | 'read' | 'fetch' | 'exec' | 'delete' | 'chmod' | 'dependency' | 'privilege' | 'startup' | 'tamper'; // tamper: svc switched off or an agent started unchecked (svc-tamper.ts); startup: what a write to a file that runs later plants (startup-plant.ts)

export interface Effect {
  tool: EffectTool;
  /** write/read/delete/chmod: the path as written (relative paths are read against the workdir). */
  path?: string;
  /** write: the text written, where it is known. */
  content?: string;
  /** write: the text is added at the end (`>>`, `tee -a`); what the file held stays. */
  append?: boolean;
  /** fetch: the URL (scheme://host[:port]/...). */
  url?: string;
  /** exec: the command string; dependency: the reading (`impersonates actions actlons/checkout of actions/checkout`). */
  command?: string;
  /** How the call amounts to this, for messages: "writes ~/.bashrc". */
  via: string;
  /** Only a deny of this call counts (code planted in a file that runs later: an ask there,
   * e.g. a Makefile deploy target, is the business of whoever runs it). */
  onlyDeny?: boolean;
  /** A watch of this call does not count (a fetch read as the curl it amounts to: the shell's
   * rule that watches every curl is not about the fetch tool). */
  noWatch?: boolean;
}

/** The largest content carried on a derived write (a bigger here-doc is cut, never dropped). */
export const MAX_EFFECT_CONTENT = 64 * 1024;
/** Effects derived from one command; a command with more is read up to this many. */
export const MAX_EFFECTS = 64;
